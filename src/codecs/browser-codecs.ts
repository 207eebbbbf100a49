/**
 * Each codec's browser entry, loaded lazily inside its Web Worker (the browser counterpart of
 * load-codec.ts). A codec whose module uses nothing Node-only is listed with that module; one
 * that does gets a browser module of its own (json-browser.ts). A codec added to the registry
 * with `browser: 'runs'` is listed here too; the bundle's libraries resolve through their
 * packages' browser entries (esbuild `platform: 'browser'`).
 */
import type { CodecModule } from './codec';

export const browserCodecModules: Record<string, () => Promise<CodecModule>> = {
  json: () => import('./json-browser'),
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
