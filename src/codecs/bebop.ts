/**
 * Bebop with the `bebop` runtime, through the TypeScript bebopc generates (`build -g ts`) from a
 * schema translated field by field from the run's schema (schema/translate/to-bop.ts). Bebop
 * decodes eagerly: encode and decode are the generated `encode` and `decode`, with the glue
 * (zero-copy/bebop-glue.ts) converting only where Bebop's objects are not the JSON's.
 */
import * as bebop from 'bebop';
import { zeroCopyCodec } from './zero-copy/zero-copy-codec';
import { translateToBop } from '../schema/translate/to-bop';
import { bebopGlue } from './zero-copy/bebop-glue';
import { BEBOP_GENERATOR } from '../codegen/zero-copy-tools';

export const { generate, prepare } = zeroCopyCodec({
  name: 'Bebop',
  language: 'bop',
  generatedModule: (schemaFile) => schemaFile.replace(/\.bop$/, ''),
  translate: translateToBop,
  glue: bebopGlue,
  generator: BEBOP_GENERATOR,
  runtimes: { bebop: () => bebop },
  notes: [{ code: 'bebop-calls' }],
});
