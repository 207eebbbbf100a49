/**
 * Compression as streams use it, on a codec's encoded messages: each message
 * compressed alone (gzip, brotli and zstd at the levels of the document mode's sizes), and
 * batches of consecutive messages compressed together, as a broker's record batches are (each
 * message preceded by its varint length inside the batch, so the batch can be split again).
 * Sizes only: times are taken in the worker (src/worker/messages), where windows are timed.
 */
import type { CompressedPerMessage, MessageBatch, MessageBatches } from '../shared/messages';
import { BROTLI_QUALITY, brotliCompress, GZIP_LEVEL, gzipCompress } from './compressed-sizes';
import { loadZstd, ZSTD_LEVEL, type ZstdBuild } from './zstd';

export const MESSAGE_COMPRESSION_LEVELS = { gzip: GZIP_LEVEL, brotli: BROTLI_QUALITY, zstd: ZSTD_LEVEL };

const mean = (sizes: readonly number[]) => (sizes.length > 0 ? Number((sizes.reduce((sum, size) => sum + size, 0) / sizes.length).toFixed(2)) : 0);

export interface AloneCompression {
  alone: CompressedPerMessage;
  zstd: ZstdBuild | undefined;
  zstdLibrary: string | null;
  zstdNotMeasured?: string;
}

/** Mean bytes per message, each compressed alone; a zstd frame that does not decompress back is an error. */
export async function compressEachAlone(messages: readonly Uint8Array[]): Promise<AloneCompression> {
  const zstd = await loadZstd();
  const build = zstd.available ? zstd.build : undefined;
  const zstdSizes = build ? messages.map((message) => build.compress(message).byteLength) : null;
  return {
    alone: {
      gzip: mean(messages.map((message) => gzipCompress(message).byteLength)),
      brotli: mean(messages.map((message) => brotliCompress(message).byteLength)),
      zstd: zstdSizes && mean(zstdSizes),
    },
    zstd: build,
    zstdLibrary: build?.library ?? null,
    ...(zstd.available ? {} : { zstdNotMeasured: zstd.reason }),
  };
}

/** Every message once, preceded by its length as a varint: a batch as it is compressed. */
export function batchBytes(messages: readonly Uint8Array[]): Uint8Array {
  const prefixes = messages.map((message) => varint(message.byteLength));
  const batch = new Uint8Array(messages.reduce((sum, message, index) => sum + prefixes[index]!.byteLength + message.byteLength, 0));
  let offset = 0;
  messages.forEach((message, index) => {
    batch.set(prefixes[index]!, offset);
    offset += prefixes[index]!.byteLength;
    batch.set(message, offset);
    offset += message.byteLength;
  });
  return batch;
}

function varint(value: number): Uint8Array {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  bytes.push(rest);
  return Uint8Array.from(bytes);
}

/** Batches of each size (consecutive messages; the last batch may be short); sizes above the messages given are not measured. */
export function compressBatches(
  messages: readonly Uint8Array[],
  batchSizes: readonly number[],
  zstd: ZstdBuild | undefined,
  measured: MessageBatches['measured'],
): MessageBatches {
  const sizes: MessageBatch[] = [];
  const notMeasured: MessageBatches['notMeasured'] = [];
  for (const messagesPerBatch of batchSizes) {
    if (messagesPerBatch > messages.length) {
      notMeasured.push({
        messagesPerBatch,
        reason: `${messages.length.toLocaleString('en-US')} messages measured: fewer than one batch of ${messagesPerBatch.toLocaleString('en-US')}`,
      });
      continue;
    }
    let gzip = 0;
    let zstdBytes = 0;
    let batches = 0;
    for (let start = 0; start < messages.length; start += messagesPerBatch) {
      const batch = batchBytes(messages.slice(start, start + messagesPerBatch));
      gzip += gzipCompress(batch).byteLength;
      if (zstd) zstdBytes += zstd.compress(batch).byteLength;
      batches++;
    }
    const perMessage = (total: number) => Number((total / messages.length).toFixed(2));
    sizes.push({ messagesPerBatch, batches, gzip: perMessage(gzip), zstd: zstd ? perMessage(zstdBytes) : null });
  }
  return { measured, layout: 'each message preceded by its varint length, the batch compressed as one frame', sizes, notMeasured };
}
