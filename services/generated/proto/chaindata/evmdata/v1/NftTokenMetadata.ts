// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface NftTokenMetadata {
  'indexStatus'?: (string);
  'metadataLastUpdatedTimestamp'?: (number | string);
  'name'?: (string);
  'symbol'?: (string);
  'imageUri'?: (string);
  'description'?: (string);
  'animationUri'?: (string);
  'externalUrl'?: (string);
  'background'?: (string);
  'attributes'?: (string);
  'decimals'?: (number | string);
  'properties'?: (string);
  '_metadataLastUpdatedTimestamp'?: "metadataLastUpdatedTimestamp";
  '_name'?: "name";
  '_symbol'?: "symbol";
  '_imageUri'?: "imageUri";
  '_description'?: "description";
  '_animationUri'?: "animationUri";
  '_externalUrl'?: "externalUrl";
  '_background'?: "background";
  '_attributes'?: "attributes";
  '_decimals'?: "decimals";
  '_properties'?: "properties";
}

export interface NftTokenMetadata__Output {
  'indexStatus': (string);
  'metadataLastUpdatedTimestamp'?: (number);
  'name'?: (string);
  'symbol'?: (string);
  'imageUri'?: (string);
  'description'?: (string);
  'animationUri'?: (string);
  'externalUrl'?: (string);
  'background'?: (string);
  'attributes'?: (string);
  'decimals'?: (number);
  'properties'?: (string);
  '_metadataLastUpdatedTimestamp'?: "metadataLastUpdatedTimestamp";
  '_name'?: "name";
  '_symbol'?: "symbol";
  '_imageUri'?: "imageUri";
  '_description'?: "description";
  '_animationUri'?: "animationUri";
  '_externalUrl'?: "externalUrl";
  '_background'?: "background";
  '_attributes'?: "attributes";
  '_decimals'?: "decimals";
  '_properties'?: "properties";
}
