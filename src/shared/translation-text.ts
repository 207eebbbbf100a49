/** The words of the facts of a translated schema (translation-facts.ts), part of note-text.ts's table. */
import type { AtPaths } from './inference-facts';
import type { NoteWords } from './note-facts';
import { listText } from './list-text';
import type { FieldChoiceKind, TranslatedLanguage, TranslationFact } from './translation-facts';

const TYPES_OF: Record<TranslatedLanguage, string> = { fbs: 'FlatBuffers', capnp: "Cap'n Proto", bop: 'Bebop' };

/** Each format's choices at fields, ending where the paths start. */
const FIELD_CHOICES: Record<TranslatedLanguage, Partial<Record<FieldChoiceKind, string>>> = {
  fbs: {
    nullableScalar: 'nullable numbers, booleans and enums are optional scalars (= null), absent when null',
    nullableOther: 'nullable strings, lists, tables and unions are left out when null (an absent field)',
    alwaysNull: 'fields that are always null are not written (FlatBuffers has no null type); decode gives null',
    int64: "64-bit integers are long/ulong: flatc's TypeScript reads and writes them as BigInt, converted from and to JSON numbers inside encode and decode",
    union: 'values of several kinds are a FlatBuffers union (a type byte and a table)',
    listOfNulls: 'lists of nulls keep their length as a byte per element',
  },
  bop: {
    nullable: 'nullable fields are message fields, absent when null',
    alwaysNull: 'fields that are always null are not written (Bebop has no null type); decode gives null',
    int64: '64-bit integers are int64/uint64: Bebop reads and writes them as BigInt, converted from and to JSON numbers inside encode and decode',
    int8: '8-bit signed integers are int16 (Bebop has no int8)',
    map: 'objects whose keys are data are Bebop maps: decoded as a JavaScript Map, converted to a plain object on decode',
    union: 'values of several kinds are a Bebop union ({tag, value} in TypeScript)',
    enum: 'enums are written from 1 (Bebop reserves 0 for Unknown); JSON holds the symbol',
    listOfNulls: 'lists of nulls keep their length as a byte per element',
  },
  capnp: {
    nullableScalar: 'nullable numbers, booleans and enums are a group union of none (Void) and value',
    nullableOther: 'nullable text, data, lists and structs are null pointers when null',
    alwaysNull: 'fields that are always null are Void (no bytes)',
    int64: '64-bit integers are Int64/UInt64: capnp-es reads and writes them as BigInt, converted from and to JSON numbers inside encode and decode',
    union: 'values of several kinds are a struct holding an unnamed union',
    listOfNulls: 'lists of nulls are List(Void): their length only',
  },
};

/** "at $.a" for one path; "at 12 paths: $.a, $.b and 10 more" for several. */
export function atPaths({ count, paths }: AtPaths): string {
  return count === 1 ? `at ${paths[0]}` : `at ${count.toLocaleString('en-US')} paths: ${listText(paths, count)}`;
}

export const TRANSLATION_WORDS: NoteWords<TranslationFact> = {
  'field-choice': (fact) => `${FIELD_CHOICES[fact.language][fact.choice] ?? fact.choice} ${atPaths(fact)}`,
  'translated-types': ({ language, types }) => `${TYPES_OF[language]} types: ${types.join(', ')}`,
  'fbs-structs': ({ structs }) => `records of fixed-size fields only are structs, stored inline without a vtable: ${structs.join(', ')}`,
  'bop-messages': ({ messages }) =>
    `records with a field that may be null are messages (a tag per field present, absent when null): ${messages.join(', ')}; the others are structs`,
  'capnp-unpacked': () =>
    'the standard (unpacked) encoding: every struct is padded to whole 8-byte words; the packed encoding, which drops zero bytes, is not used',
  'translated-root-wrapped': ({ format, root }) =>
    `the sample's root is not an object: it is the field "value" of the ${format} root ${root}, and decode unwraps it`,
  'translated-values-wrapped': ({ format, values }) =>
    `${format} cannot hold these values directly, so each is a record of one field "value", unwrapped on decode: ${values.join(', ')}`,
  'translated-maps-as-entries': ({ format }) =>
    `${format} has no maps: an object whose keys are data is a list of entries {key, value}, in the object's key order`,
  'translated-json-text': () =>
    'free-form JSON held as JSON text in the Avro schema (google.protobuf.Struct, Value, ListValue, Any) is a string here too: JSON.stringify and JSON.parse run inside encode and decode',
  'translated-logical-text': ({ logical }) =>
    `logical type ${logical} is held as its JSON text (a string), as the sample writes it: not converted to its Avro underlying type`,
  'translated-union-by-kind': () =>
    'unions of several kinds are told apart by the JSON kind of the value (boolean, number, string, array, object), as avsc does',
  'translated-free-form': ({ record }) =>
    `free-form JSON (where the sample is too irregular for records) is the recursive record ${record}: a union of every JSON kind, converted from and to plain JSON inside encode and decode`,
  'translated-unknown-bytes-logical': ({ logical }) => `bytes with the unknown logical type ${logical} are plain bytes`,
  'translated-bytes-base64': () => 'bytes are base64 text in the JSON sample and raw bytes on the wire: converted inside encode and decode',
};
