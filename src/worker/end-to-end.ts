/**
 * End-to-end decode, the part both runtimes share: time `decompress → decode` per compression
 * the runtime has, and say why for those it lacks. Which decompressors exist, and whether they
 * are synchronous (Node's zlib) or streams (a browser's DecompressionStream), is the runtime's.
 */
import type { EndToEndDecode, TransportCompression } from '../shared/results';
import { measureOperation, type MeasureOptions } from './measure';
import { measureAsyncOperation } from './measure-async';

export type Decompressor =
  | { kind: 'sync'; compressed: Uint8Array; decompress(bytes: Uint8Array): Uint8Array }
  | { kind: 'async'; compressed: Uint8Array; decompress(bytes: Uint8Array): Promise<Uint8Array> }
  | { kind: 'unavailable'; reason: string };

export async function timeEndToEnd(
  decompressors: Record<TransportCompression, Decompressor>,
  decode: (bytes: Uint8Array) => unknown,
  options: MeasureOptions,
): Promise<EndToEndDecode> {
  const result: EndToEndDecode = { timings: {}, unavailable: {} };
  // Only times are reported end to end: no profiling window for GC figures.
  const timed: MeasureOptions = { ...options, watchGarbageCollection: undefined };
  for (const [name, decompressor] of Object.entries(decompressors) as Array<[TransportCompression, Decompressor]>) {
    if (decompressor.kind === 'unavailable') {
      result.unavailable[name] = decompressor.reason;
      continue;
    }
    const { compressed } = decompressor;
    const stats =
      decompressor.kind === 'sync'
        ? await measureOperation(() => decode(decompressor.decompress(compressed)), timed)
        : await measureAsyncOperation(async () => decode(await decompressor.decompress(compressed)), timed);
    result.timings[name] = { meanNs: stats.meanNs, medianNs: stats.medianNs, samples: stats.samples };
  }
  return result;
}
