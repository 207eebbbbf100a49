/**
 * The two extra figures of a format read on access (FlatBuffers, Cap'n Proto): `access` (open
 * the bytes and read every leaf, building no object) and `firstField` (open them and read one
 * path). Timed like encode and decode (measure.ts: warm-up, one window, the same statistics),
 * right after them in the codec's first round. The row's decode, which its speed-up uses, stays
 * the decode to a plain object: these are reported beside it, never instead of it.
 */
import type { LazyReads } from '../codecs/codec';
import type { LazyTimings } from '../shared/results';
import { measureOperation, type MeasureOptions } from './measure';

export async function timeLazyReads(lazy: LazyReads, encoded: Uint8Array, options: MeasureOptions): Promise<LazyTimings> {
  const access = await measureOperation(() => lazy.access(encoded), options);
  const firstField = await measureOperation(() => lazy.firstField(encoded), options);
  return { access, firstField, firstFieldPath: lazy.firstFieldPath };
}
