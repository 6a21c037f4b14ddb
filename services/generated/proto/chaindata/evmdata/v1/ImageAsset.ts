// Original file: proto/chaindata/evmdata/v1/evm_data.proto


export interface ImageAsset {
  'assetId'?: (string);
  'imageUri'?: (string);
  '_assetId'?: "assetId";
  '_imageUri'?: "imageUri";
}

export interface ImageAsset__Output {
  'assetId'?: (string);
  'imageUri'?: (string);
  '_assetId'?: "assetId";
  '_imageUri'?: "imageUri";
}
