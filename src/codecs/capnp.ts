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
import { LAZY_DECODE_NOTE } from './zero-copy/lazy-notes';

export const { generate, prepare } = zeroCopyCodec({
  name: "Cap'n Proto",
  language: 'capnp',
  generatedModule: (schemaFile) => schemaFile.replace(/\.capnp$/, ''),
  translate: translateToCapnp,
  glue: capnpGlue,
  generator: CAPNP_GENERATOR,
  runtimes: { 'capnp-es': () => capnp },
  notes: [
    'encode: a new capnp-es Message per call, filled through the generated setters, framed as the standard (unpacked) stream: new Uint8Array(message.toArrayBuffer())',
    "decode opens the bytes with new Message(bytes, false) (unpacked); capnp-es copies the message's segments when it opens them, so access and firstField pay that copy too",
    LAZY_DECODE_NOTE,
  ],
});
