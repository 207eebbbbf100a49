/**
 * The baseline in a browser: what a web app calls. UTF-8 through TextEncoder / TextDecoder (a
 * browser has no Buffer), stringify and parse as in Node: the bytes are the same.
 */
import type { CodecModule } from './codec';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export const prepare: CodecModule['prepare'] = (sample) => {
  return {
    input: sample,
    encode: (value) => encoder.encode(JSON.stringify(value)),
    decode: (bytes): unknown => JSON.parse(decoder.decode(bytes)),
    schema: 'none',
    notes: [],
  };
};
