import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AggregateSignaturesForTransactionRequest as _chaindata_signatureaggregator_v1_AggregateSignaturesForTransactionRequest, AggregateSignaturesForTransactionRequest__Output as _chaindata_signatureaggregator_v1_AggregateSignaturesForTransactionRequest__Output } from './chaindata/signatureaggregator/v1/AggregateSignaturesForTransactionRequest.ts';
import type { AggregateSignaturesReply as _chaindata_signatureaggregator_v1_AggregateSignaturesReply, AggregateSignaturesReply__Output as _chaindata_signatureaggregator_v1_AggregateSignaturesReply__Output } from './chaindata/signatureaggregator/v1/AggregateSignaturesReply.ts';
import type { AggregateSignaturesRequest as _chaindata_signatureaggregator_v1_AggregateSignaturesRequest, AggregateSignaturesRequest__Output as _chaindata_signatureaggregator_v1_AggregateSignaturesRequest__Output } from './chaindata/signatureaggregator/v1/AggregateSignaturesRequest.ts';
import type { SignatureAggregatorServiceClient as _chaindata_signatureaggregator_v1_SignatureAggregatorServiceClient, SignatureAggregatorServiceDefinition as _chaindata_signatureaggregator_v1_SignatureAggregatorServiceDefinition } from './chaindata/signatureaggregator/v1/SignatureAggregatorService.ts';
import type { ValidatorOutcome as _chaindata_signatureaggregator_v1_ValidatorOutcome, ValidatorOutcome__Output as _chaindata_signatureaggregator_v1_ValidatorOutcome__Output } from './chaindata/signatureaggregator/v1/ValidatorOutcome.ts';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  chaindata: {
    signatureaggregator: {
      v1: {
        AggregateSignaturesForTransactionRequest: MessageTypeDefinition<_chaindata_signatureaggregator_v1_AggregateSignaturesForTransactionRequest, _chaindata_signatureaggregator_v1_AggregateSignaturesForTransactionRequest__Output>
        AggregateSignaturesReply: MessageTypeDefinition<_chaindata_signatureaggregator_v1_AggregateSignaturesReply, _chaindata_signatureaggregator_v1_AggregateSignaturesReply__Output>
        AggregateSignaturesRequest: MessageTypeDefinition<_chaindata_signatureaggregator_v1_AggregateSignaturesRequest, _chaindata_signatureaggregator_v1_AggregateSignaturesRequest__Output>
        SignatureAggregatorService: SubtypeConstructor<typeof grpc.Client, _chaindata_signatureaggregator_v1_SignatureAggregatorServiceClient> & { service: _chaindata_signatureaggregator_v1_SignatureAggregatorServiceDefinition }
        ValidatorOutcome: MessageTypeDefinition<_chaindata_signatureaggregator_v1_ValidatorOutcome, _chaindata_signatureaggregator_v1_ValidatorOutcome__Output>
      }
    }
  }
}

