// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { ImageAsset as _chaindata_evmdata_v1_ImageAsset, ImageAsset__Output as _chaindata_evmdata_v1_ImageAsset__Output } from '../../../chaindata/evmdata/v1/ImageAsset.ts';
import type { ResourceLink as _chaindata_evmdata_v1_ResourceLink, ResourceLink__Output as _chaindata_evmdata_v1_ResourceLink__Output } from '../../../chaindata/evmdata/v1/ResourceLink.ts';
import type { ContractDeploymentDetails as _chaindata_evmdata_v1_ContractDeploymentDetails, ContractDeploymentDetails__Output as _chaindata_evmdata_v1_ContractDeploymentDetails__Output } from '../../../chaindata/evmdata/v1/ContractDeploymentDetails.ts';
import type { PricingProviders as _chaindata_evmdata_v1_PricingProviders, PricingProviders__Output as _chaindata_evmdata_v1_PricingProviders__Output } from '../../../chaindata/evmdata/v1/PricingProviders.ts';

export interface ContractMetadata {
  'name'?: (string);
  'description'?: (string);
  'officialSite'?: (string);
  'email'?: (string);
  'logoAsset'?: (_chaindata_evmdata_v1_ImageAsset | null);
  'bannerAsset'?: (_chaindata_evmdata_v1_ImageAsset | null);
  'color'?: (string);
  'resourceLinks'?: (_chaindata_evmdata_v1_ResourceLink)[];
  'tags'?: (string)[];
  'address'?: (string);
  'deploymentDetails'?: (_chaindata_evmdata_v1_ContractDeploymentDetails | null);
  'ercType'?: (string);
  'symbol'?: (string);
  'decimals'?: (number);
  'pricingProviders'?: (_chaindata_evmdata_v1_PricingProviders | null);
  '_name'?: "name";
  '_description'?: "description";
  '_officialSite'?: "officialSite";
  '_email'?: "email";
  '_logoAsset'?: "logoAsset";
  '_bannerAsset'?: "bannerAsset";
  '_color'?: "color";
  '_deploymentDetails'?: "deploymentDetails";
  '_symbol'?: "symbol";
  '_decimals'?: "decimals";
  '_pricingProviders'?: "pricingProviders";
}

export interface ContractMetadata__Output {
  'name'?: (string);
  'description'?: (string);
  'officialSite'?: (string);
  'email'?: (string);
  'logoAsset'?: (_chaindata_evmdata_v1_ImageAsset__Output | null);
  'bannerAsset'?: (_chaindata_evmdata_v1_ImageAsset__Output | null);
  'color'?: (string);
  'resourceLinks': (_chaindata_evmdata_v1_ResourceLink__Output)[];
  'tags': (string)[];
  'address': (string);
  'deploymentDetails'?: (_chaindata_evmdata_v1_ContractDeploymentDetails__Output | null);
  'ercType': (string);
  'symbol'?: (string);
  'decimals'?: (number);
  'pricingProviders'?: (_chaindata_evmdata_v1_PricingProviders__Output | null);
  '_name'?: "name";
  '_description'?: "description";
  '_officialSite'?: "officialSite";
  '_email'?: "email";
  '_logoAsset'?: "logoAsset";
  '_bannerAsset'?: "bannerAsset";
  '_color'?: "color";
  '_deploymentDetails'?: "deploymentDetails";
  '_symbol'?: "symbol";
  '_decimals'?: "decimals";
  '_pricingProviders'?: "pricingProviders";
}
