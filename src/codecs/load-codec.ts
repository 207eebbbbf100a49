/**
 * Loads a codec's module inside its worker. Imports are lazy so that a worker evaluates only
 * its own library: no other codec's code runs in its isolate.
 */
import * as path from 'node:path';
import type { CodecModule } from './codec';
import { findBuiltinCodec, isBuiltinCodecId, type BuiltinCodecId, type CodecLoaders } from './registry';
import { idFromModulePath } from './codec-source';
import { portableCodecModules } from './portable-codecs';
import type { CodecDescriptor, CodecSource } from '../shared/codec-job';

/** Every registered codec's Node module; a codec registered without one does not compile. */
const builtinModules: CodecLoaders<BuiltinCodecId> = {
  json: () => import('./json'),
  ...portableCodecModules,
  v8: () => import('./v8'),
  'google-protobuf': () => import('./google-protobuf'),
  'ts-proto': () => import('./ts-proto'),
  'protobuf-ts': () => import('./protobuf-ts'),
  flatbuffers: () => import('./flatbuffers'),
  capnp: () => import('./capnp'),
  bebop: () => import('./bebop'),
  bser: () => import('./bser'),
};

export interface LoadedCodec {
  descriptor: CodecDescriptor;
  module: CodecModule;
}

export async function loadCodec(source: CodecSource): Promise<LoadedCodec> {
  if ('builtin' in source) {
    const descriptor = findBuiltinCodec(source.builtin);
    if (!descriptor || !isBuiltinCodecId(source.builtin)) throw new Error(`unknown codec '${source.builtin}'`);
    return { descriptor, module: await builtinModules[source.builtin]() };
  }
  // A codec of the user's own: a CommonJS module exporting `prepare` and optional descriptor fields.
  const loaded = require(path.resolve(source.modulePath)) as Partial<CodecModule & CodecDescriptor>;
  if (typeof loaded.prepare !== 'function') {
    throw new Error(`${source.modulePath} does not export a prepare(sample, context) function`);
  }
  const fallbackId = idFromModulePath(source.modulePath);
  return {
    descriptor: {
      id: loaded.id ?? fallbackId,
      label: loaded.label ?? fallbackId,
      format: loaded.format ?? 'custom',
      library: loaded.library ?? 'custom',
      needsSchema: loaded.needsSchema ?? false,
    },
    module: loaded as CodecModule,
  };
}
