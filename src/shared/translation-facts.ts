/**
 * Facts about the FlatBuffers, Cap'n Proto and Bebop schemas translated from the Avro schema,
 * and about a user's own schema in those formats. Worded in translation-text.ts.
 */
import type { AtPaths } from './inference-facts';

/** The format a schema is translated into, by its file extension. */
export type TranslatedLanguage = 'fbs' | 'capnp' | 'bop';

/** A choice a translation makes at a field (not every format makes each). */
export type FieldChoiceKind = 'nullable' | 'nullableScalar' | 'nullableOther' | 'alwaysNull' | 'int64' | 'union' | 'listOfNulls' | 'int8' | 'map' | 'enum';

export type TranslationFact =
  | ({ code: 'field-choice'; language: TranslatedLanguage; choice: FieldChoiceKind } & AtPaths)
  /** The scalar types the schema uses, as `int32 → int`. */
  | { code: 'translated-types'; language: TranslatedLanguage; types: string[] }
  | { code: 'fbs-structs'; structs: string[] }
  | { code: 'bop-messages'; messages: string[] }
  | { code: 'capnp-unpacked' }
  /** `format` names the language in words (FlatBuffers, Cap'n Proto, Bebop). */
  | { code: 'translated-root-wrapped'; format: string; root: string }
  | { code: 'translated-values-wrapped'; format: string; values: string[] }
  | { code: 'translated-maps-as-entries'; format: string }
  | { code: 'translated-json-text' }
  | { code: 'translated-logical-text'; logical: string }
  | { code: 'translated-union-by-kind' }
  | { code: 'translated-free-form'; record: string }
  | { code: 'translated-unknown-bytes-logical'; logical: string }
  | { code: 'translated-bytes-base64' };
