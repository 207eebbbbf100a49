/**
 * The built-in codecs as plain descriptors: the host (CLI, extension) shows and selects them
 * without loading any library. Loading happens in `load-codec.ts`, inside the codec's worker.
 */
import type { CodecDescriptor } from './codec';

/** Why `v8` has no browser row. */
const V8_NOT_IN_BROWSERS =
  "node:v8 is Node's own API: a browser structured-clones only inside postMessage and never hands out the bytes, so there is nothing to measure there";

export const builtinCodecs: readonly CodecDescriptor[] = [
  { id: 'json', browser: 'runs', label: 'JSON (baseline)', format: 'JSON', library: 'node:v8', needsSchema: false },
  { id: 'avsc', browser: 'runs', label: 'Avro (avsc)', format: 'Avro', library: 'avsc', needsSchema: true },
  { id: 'protobufjs', browser: 'runs', label: 'Protocol Buffers (protobufjs)', format: 'Protocol Buffers', library: 'protobufjs', needsSchema: true },
  { id: 'msgpackr', browser: 'runs', label: 'MessagePack (msgpackr)', format: 'MessagePack', library: 'msgpackr', needsSchema: false },
  { id: 'cbor-x', browser: 'runs', label: 'CBOR (cbor-x)', format: 'CBOR', library: 'cbor-x', needsSchema: false },
  { id: 'bson', browser: 'runs', label: 'BSON (bson)', format: 'BSON', library: 'bson', needsSchema: false },
  { id: 'v8', label: 'V8 serializer (node:v8)', format: 'V8 structured clone', library: 'node:v8', needsSchema: false, browser: { unavailable: V8_NOT_IN_BROWSERS } },
];

/** The JSON baseline: every ratio and speed-up is measured against it, in the same run. */
export const BASELINE_CODEC_ID = 'json';

export function findBuiltinCodec(id: string): CodecDescriptor | undefined {
  return builtinCodecs.find((codec) => codec.id === id);
}
