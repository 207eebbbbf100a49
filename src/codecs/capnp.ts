/**
 * Cap'n Proto with capnp-es, through the TypeScript its compiler plugin generates (capnp
 * compile -o capnpc-ts) from a schema translated field by field from the run's schema
 * (schema/translate/to-capnp.ts), and the glue a user writes around it
 * (zero-copy/capnp-glue.ts). Cap'n Proto reads fields on access, so the row's decode builds the
 * plain object (every field read), and `access` and `firstField` are timed beside it.
 */
import * as capnp from 'capnp-es';
import { zeroCopyCodec } from './zero-copy/zero-copy-codec';
import { translateToCapnp } from '../schema/translate/to-capnp';
import { capnpGlue } from './zero-copy/capnp-glue';
import { CAPNP_GENERATOR } from '../codegen/zero-copy-tools';

export const { generate, prepare } = zeroCopyCodec({
  name: "Cap'n Proto",
  language: 'capnp',
  generatedModule: (schemaFile) => schemaFile.replace(/\.capnp$/, ''),
  translate: translateToCapnp,
  glue: capnpGlue,
  generator: CAPNP_GENERATOR,
  runtimes: { 'capnp-es': () => capnp },
  notes: [{ code: 'capnp-encode' }, { code: 'capnp-decode' }, { code: 'lazy-decode' }],
});
