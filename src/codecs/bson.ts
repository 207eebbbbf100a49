/**
 * BSON documents must be objects: any other root is wrapped as `{ value: sample }`, the
 * wrapper's bytes are counted (a receiver needs them) and it is removed on decode.
 */
import { deserialize, serialize } from 'bson';
import type { CodecModule } from './codec';
import { asBuffer } from './bytes';

const WRAPPER_KEY = 'value';

function isDocument(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const prepare: CodecModule['prepare'] = (sample) => {
  const wrapped = !isDocument(sample);
  return {
    input: wrapped ? { [WRAPPER_KEY]: sample } : sample,
    encode: (value) => serialize(value as Record<string, unknown>),
    decode: wrapped
      ? (bytes) => deserialize(asBuffer(bytes))[WRAPPER_KEY]
      : (bytes) => deserialize(asBuffer(bytes)),
    schema: 'none',
    notes: wrapped
      ? [`root is not an object: encoded as {"${WRAPPER_KEY}": sample} (BSON documents must be objects); wrapper bytes counted`]
      : [],
  };
};
