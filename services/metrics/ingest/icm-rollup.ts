/**
 * ICM (Teleporter) message counts: what a batch of one chain's blocks adds to them. Pure, as the rest of the rollup:
 * the store adds these rows in the transaction that moves the chain's cursor.
 */
import type { IcmMessageSent__Output as IcmMessageSentMessage } from '../../generated/proto/chaindata/evmdata/v1/IcmMessageSent.ts';
import { bucketStart, TIME_INTERVALS, type TimeInterval } from '../intervals.ts';

/** An ICM message a block sent, checked: both ids 32 bytes. */
export interface IcmSent {
  sourceBlockchainId: Buffer;
  destinationBlockchainId: Buffer;
}

/** Messages sent from one blockchain to another in one bucket of an interval, in one network. */
export interface IcmRow {
  network: 'mainnet' | 'testnet';
  source: Buffer;
  destination: Buffer;
  interval: TimeInterval;
  bucket: number;
  messages: number;
}

/**
 * The streamed messages of a block, each id checked by `id` (which throws the rollup's format error naming the
 * field).
 */
export function icmSentOf(
  messages: IcmMessageSentMessage[],
  id: (value: Buffer | undefined, field: string) => Buffer,
): IcmSent[] {
  return messages.map((m, i) => ({
    sourceBlockchainId: id(m.source_blockchain_id, `icm_messages_sent[${i}].source_blockchain_id`),
    destinationBlockchainId: id(
      m.destination_blockchain_id,
      `icm_messages_sent[${i}].destination_blockchain_id`,
    ),
  }));
}

/**
 * Messages per source, destination, interval and bucket of the blocks' times: every message counts once, in the
 * bucket of each interval that holds the block that sent it, in the network of the chain that sent it.
 */
export function icmRollup(
  network: IcmRow['network'],
  blocks: { timestamp: number; icmSent?: IcmSent[] | undefined }[],
): IcmRow[] {
  const rows = new Map<string, IcmRow>();
  for (const block of blocks)
    for (const sent of block.icmSent ?? [])
      for (const interval of TIME_INTERVALS) {
        const bucket = bucketStart(interval, block.timestamp);
        const key = `${sent.sourceBlockchainId.toString('hex')}|${sent.destinationBlockchainId.toString('hex')}|${interval}|${bucket}`;
        const row = rows.get(key);
        if (row) row.messages += 1;
        else
          rows.set(key, {
            network,
            source: sent.sourceBlockchainId,
            destination: sent.destinationBlockchainId,
            interval,
            bucket,
            messages: 1,
          });
      }
  return [...rows.values()];
}
