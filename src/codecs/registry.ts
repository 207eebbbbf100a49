/**
 * The built-in codecs as plain descriptors: the host (CLI, extension) shows and selects them
 * without loading any library. Loading happens in `load-codec.ts`, inside the codec's worker.
 */
import type { CodecDescriptor } from '../shared/codec-job';
import type { CodecModule } from './codec';

/** Why `v8` has no browser row. */
const V8_NOT_IN_BROWSERS =
  "node:v8 is Node's own API: a browser structured-clones only inside postMessage and never hands out the bytes, so there is nothing to measure there";

/** Why `bser` has no browser row: it is a Node library with no browser build. */
const BSER_NOT_IN_BROWSERS =
  "bser has no browser build: it is Watchman's protocol for Node clients and requires Node's events, os, assert and util modules and the global Buffer when it loads; a web app would have to bundle four Node polyfills for it";

/** Rows of code generated at run time: generation runs in child processes of Node. */
const GENERATED_NOT_IN_BROWSERS =
  'this row runs code protoc generates from the schema at run time (in Node child processes, cached); the browser runtime does not load generated code yet';

/** FlatBuffers, Cap'n Proto and Bebop: their tools run in Node child processes. */
const ZERO_COPY_NOT_IN_BROWSERS =
  'this row runs code its schema compiler generates from the schema at run time (in Node child processes, cached); the browser runtime does not load generated code yet';

/**
 * Every built-in codec, registered here once: the loaders (load-codec.ts for Node,
 * portable-codecs.ts and browser-codecs.ts for a browser worker) are typed from this list, so a
 * codec without its loader, or a loader of no codec, does not compile.
 */
const registered = [
  { id: 'json', browser: 'runs', label: 'JSON (baseline)', format: 'JSON', library: 'node:v8', needsSchema: false },
  { id: 'avsc', browser: 'runs', label: 'Avro (avsc)', format: 'Avro', library: 'avsc', needsSchema: true },
  { id: 'protobufjs', browser: 'runs', label: 'Protocol Buffers (protobufjs)', format: 'Protocol Buffers', library: 'protobufjs', needsSchema: true },
  { id: 'msgpackr', browser: 'runs', label: 'MessagePack (msgpackr)', format: 'MessagePack', library: 'msgpackr', needsSchema: false },
  { id: 'cbor-x', browser: 'runs', label: 'CBOR (cbor-x)', format: 'CBOR', library: 'cbor-x', needsSchema: false },
  { id: 'bson', browser: 'runs', label: 'BSON (bson)', format: 'BSON', library: 'bson', needsSchema: false },
  {
    id: 'v8',
    label: 'V8 serializer (node:v8)',
    format: 'V8 structured clone',
    library: 'node:v8',
    needsSchema: false,
    browser: { unavailable: V8_NOT_IN_BROWSERS },
  },
  // The other libraries of the published benchmarks.
  { id: 'pbf', browser: 'runs', label: 'Protocol Buffers (pbf)', format: 'Protocol Buffers', library: 'pbf', needsSchema: true },
  {
    id: 'bufbuild',
    browser: 'runs',
    label: 'Protocol Buffers (@bufbuild/protobuf)',
    format: 'Protocol Buffers',
    library: '@bufbuild/protobuf',
    needsSchema: true,
  },
  {
    id: 'google-protobuf',
    browser: { unavailable: GENERATED_NOT_IN_BROWSERS },
    label: 'Protocol Buffers (google-protobuf)',
    format: 'Protocol Buffers',
    library: 'google-protobuf',
    needsSchema: true,
    tools: ['protoc', 'protocGenJs'],
  },
  { id: 'avro-js', browser: 'runs', label: 'Avro (avro-js)', format: 'Avro', library: 'avro-js', needsSchema: true },
  { id: 'bser', browser: { unavailable: BSER_NOT_IN_BROWSERS }, label: 'BSER (bser)', format: 'BSER', library: 'bser', needsSchema: false },
  { id: 'js-binary', browser: 'runs', label: 'js-binary (js-binary)', format: 'js-binary', library: 'js-binary', needsSchema: true },
  { id: 'msgpack', browser: 'runs', label: 'MessagePack (@msgpack/msgpack)', format: 'MessagePack', library: '@msgpack/msgpack', needsSchema: false },
  { id: 'cborg', browser: 'runs', label: 'CBOR (cborg)', format: 'CBOR', library: 'cborg', needsSchema: false },
  // Code generated from the schema at run time (src/codegen), as most TypeScript teams deploy Protocol Buffers.
  {
    id: 'ts-proto',
    browser: { unavailable: GENERATED_NOT_IN_BROWSERS },
    label: 'Protocol Buffers (ts-proto)',
    format: 'Protocol Buffers',
    library: 'ts-proto',
    needsSchema: true,
    tools: ['protoc', 'protocGenTsProto'],
  },
  {
    id: 'protobuf-ts',
    browser: { unavailable: GENERATED_NOT_IN_BROWSERS },
    label: 'Protocol Buffers (protobuf-ts)',
    format: 'Protocol Buffers',
    library: '@protobuf-ts/runtime',
    needsSchema: true,
    tools: ['protoc', 'protocGenTs'],
  },
  // Formats of the published browser study, each through the code its tool generates from the schema (src/codegen).
  {
    id: 'flatbuffers',
    browser: { unavailable: ZERO_COPY_NOT_IN_BROWSERS },
    label: 'FlatBuffers (flatbuffers)',
    format: 'FlatBuffers',
    library: 'flatbuffers',
    needsSchema: true,
    tools: ['flatc'],
  },
  {
    id: 'capnp',
    browser: { unavailable: ZERO_COPY_NOT_IN_BROWSERS },
    label: "Cap'n Proto (capnp-es)",
    format: "Cap'n Proto",
    library: 'capnp-es',
    needsSchema: true,
    tools: ['capnp', 'capnpcTs'],
  },
  {
    id: 'bebop',
    browser: { unavailable: ZERO_COPY_NOT_IN_BROWSERS },
    label: 'Bebop (bebop)',
    format: 'Bebop',
    library: 'bebop',
    needsSchema: true,
    tools: ['bebopc'],
  },
  // Options that change the answer more than the library does, each a row of its own.
  { id: 'msgpackr-records', browser: 'runs', label: 'msgpackr (records)', format: 'MessagePack', library: 'msgpackr', needsSchema: false },
  { id: 'cbor-x-records', browser: 'runs', label: 'cbor-x (records)', format: 'CBOR', library: 'cbor-x', needsSchema: false },
  { id: 'protobufjs-fromobject', browser: 'runs', label: 'protobufjs (fromObject)', format: 'Protocol Buffers', library: 'protobufjs', needsSchema: true },
  { id: 'avsc-forvalue', browser: 'runs', label: 'avsc (forValue)', format: 'Avro', library: 'avsc', needsSchema: true },
] as const satisfies readonly CodecDescriptor[];

export const builtinCodecs: readonly CodecDescriptor[] = registered;

type Registered = (typeof registered)[number];
export type BuiltinCodecId = Registered['id'];
/** The codecs that run in a browser Web Worker (`browser: 'runs'`). */
export type BrowserCodecId = Extract<Registered, { browser: 'runs' }>['id'];

/** A codec's lazy module import, keyed by the ids of the list above. */
export type CodecLoaders<Id extends string> = Record<Id, () => Promise<CodecModule>>;

export function isBuiltinCodecId(id: string): id is BuiltinCodecId {
  return registered.some((codec) => codec.id === id);
}

export function isBrowserCodecId(id: string): id is BrowserCodecId {
  return registered.some((codec) => codec.id === id && codec.browser === 'runs');
}

/** What runs when no codecs are chosen: the seven most-used (`--codecs all` runs every one). */
export const DEFAULT_CODEC_IDS: readonly string[] = ['json', 'avsc', 'protobufjs', 'msgpackr', 'cbor-x', 'bson', 'v8'];

/** The JSON baseline: every ratio and speed-up is measured against it, in the same run. */
export const BASELINE_CODEC_ID = 'json';

/** A `--codecs` list as the user wrote it: `all` stands for every built-in codec. */
export function expandCodecSelection(ids: readonly string[]): string[] {
  const expanded = ids.flatMap((id) => (id === 'all' ? builtinCodecs.map((codec) => codec.id) : [id]));
  return [...new Set(expanded)];
}

export function findBuiltinCodec(id: string): CodecDescriptor | undefined {
  return builtinCodecs.find((codec) => codec.id === id);
}
