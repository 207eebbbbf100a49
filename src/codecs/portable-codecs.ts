/**
 * Lazy imports of the codecs whose module is the same in Node and in a browser worker (their
 * libraries resolve to each package's browser entry in the browser bundle). load-codec.ts adds
 * the Node-only ones (json through Buffer, v8, bser, google-protobuf); browser-codecs.ts adds
 * the browser's JSON. Each import stays lazy: a worker evaluates only its own library.
 */
import type { BrowserCodecId, CodecLoaders } from './registry';

/** Every codec that runs in a browser but JSON (whose browser module differs: browser-codecs.ts). */
export const portableCodecModules: CodecLoaders<Exclude<BrowserCodecId, 'json'>> = {
  avsc: () => import('./avsc'),
  protobufjs: () => import('./protobufjs'),
  msgpackr: () => import('./msgpackr'),
  'cbor-x': () => import('./cbor-x'),
  bson: () => import('./bson'),
  pbf: () => import('./pbf'),
  bufbuild: () => import('./bufbuild'),
  'avro-js': () => import('./avro-js'),
  'js-binary': () => import('./js-binary'),
  msgpack: () => import('./msgpack-reference'),
  cborg: () => import('./cborg'),
  'msgpackr-records': () => import('./msgpackr-records'),
  'cbor-x-records': () => import('./cbor-x-records'),
  'protobufjs-fromobject': () => import('./protobufjs-from-object'),
  'avsc-forvalue': () => import('./avsc-for-value'),
};
