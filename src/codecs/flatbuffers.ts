/**
 * FlatBuffers with the `flatbuffers` runtime, through the TypeScript flatc generates from a
 * schema translated field by field from the run's schema (schema/translate/to-fbs.ts) and the
 * glue a user writes around it (zero-copy/flatbuffers-glue.ts). FlatBuffers reads fields on
 * access, so the row's decode builds the plain object (every field read), and `access` and
 * `firstField` are timed beside it.
 */
import * as flatbuffers from 'flatbuffers';
import { zeroCopyCodec } from './zero-copy/zero-copy-codec';
import { translateToFbs } from '../schema/translate/to-fbs';
import { flatbuffersGlue } from './zero-copy/flatbuffers-glue';
import { FLATBUFFERS_GENERATOR } from '../codegen/zero-copy-tools';

export const { generate, prepare } = zeroCopyCodec({
  name: 'FlatBuffers',
  language: 'fbs',
  generatedModule: (schemaFile) => schemaFile.replace(/\.fbs$/, '_generated'),
  translate: translateToFbs,
  glue: flatbuffersGlue,
  generator: FLATBUFFERS_GENERATOR,
  runtimes: { flatbuffers: () => flatbuffers },
  notes: [{ code: 'flatbuffers-encode' }, { code: 'lazy-decode' }],
});
