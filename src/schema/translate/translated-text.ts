/**
 * The FlatBuffers, Cap'n Proto or Bebop schema for an Avro schema (inferred, provided, or
 * derived from a .proto), as a user reads it: the `schema` command's `--format fbs|capnp|bop`,
 * and what the editor's "Open inferred schema" can offer. The rows translate the same way.
 */
import { modelFromAvro } from './model-from-avro';
import { translateToBop } from './to-bop';
import { translateToCapnp } from './to-capnp';
import { translateToFbs } from './to-fbs';
import type { NoteFact } from '../../shared/results';

export type TranslatedLanguage = 'fbs' | 'capnp' | 'bop';

export const TRANSLATED_LANGUAGES: readonly TranslatedLanguage[] = ['fbs', 'capnp', 'bop'];

export const LANGUAGE_NAMES: Record<TranslatedLanguage, string> = { fbs: 'FlatBuffers', capnp: "Cap'n Proto", bop: 'Bebop' };

/** Throws an UntranslatableSchemaError (an UnsupportedSampleError) naming what cannot be written. */
export function translatedSchemaText(
  avroSchema: unknown,
  language: TranslatedLanguage,
  options: { listOfRecords?: boolean } = {},
): { text: string; notes: NoteFact[] } {
  const model = modelFromAvro(avroSchema, options);
  const translated = language === 'fbs' ? translateToFbs(model) : language === 'capnp' ? translateToCapnp(model) : translateToBop(model);
  return { text: translated.text, notes: translated.notes };
}
