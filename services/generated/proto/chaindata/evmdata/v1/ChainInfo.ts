// Original file: proto/chaindata/evmdata/v1/evm_data.proto

import type { UtilityAddresses as _chaindata_evmdata_v1_UtilityAddresses, UtilityAddresses__Output as _chaindata_evmdata_v1_UtilityAddresses__Output } from '../../../chaindata/evmdata/v1/UtilityAddresses.ts';
import type { NetworkToken as _chaindata_evmdata_v1_NetworkToken, NetworkToken__Output as _chaindata_evmdata_v1_NetworkToken__Output } from '../../../chaindata/evmdata/v1/NetworkToken.ts';

export interface ChainInfo {
  'chainId'?: (string);
  'status'?: (string);
  'chainName'?: (string);
  'description'?: (string);
  'platformChainId'?: (string);
  'subnetId'?: (string);
  'vmId'?: (string);
  'vmName'?: (string);
  'explorerUrl'?: (string);
  'rpcUrl'?: (string);
  'wsUrl'?: (string);
  'isTestnet'?: (boolean);
  'utilityAddresses'?: (_chaindata_evmdata_v1_UtilityAddresses | null);
  'networkToken'?: (_chaindata_evmdata_v1_NetworkToken | null);
  'chainLogoUri'?: (string);
  'private'?: (boolean);
  'enabledFeatures'?: (string)[];
  '_platformChainId'?: "platformChainId";
  '_subnetId'?: "subnetId";
  '_vmId'?: "vmId";
  '_explorerUrl'?: "explorerUrl";
  '_wsUrl'?: "wsUrl";
  '_chainLogoUri'?: "chainLogoUri";
  '_private'?: "private";
}

export interface ChainInfo__Output {
  'chainId': (string);
  'status': (string);
  'chainName': (string);
  'description': (string);
  'platformChainId'?: (string);
  'subnetId'?: (string);
  'vmId'?: (string);
  'vmName': (string);
  'explorerUrl'?: (string);
  'rpcUrl': (string);
  'wsUrl'?: (string);
  'isTestnet': (boolean);
  'utilityAddresses': (_chaindata_evmdata_v1_UtilityAddresses__Output | null);
  'networkToken': (_chaindata_evmdata_v1_NetworkToken__Output | null);
  'chainLogoUri'?: (string);
  'private'?: (boolean);
  'enabledFeatures': (string)[];
  '_platformChainId'?: "platformChainId";
  '_subnetId'?: "subnetId";
  '_vmId'?: "vmId";
  '_explorerUrl'?: "explorerUrl";
  '_wsUrl'?: "wsUrl";
  '_chainLogoUri'?: "chainLogoUri";
  '_private'?: "private";
}
