/** The words of the facts of an inferred schema (inference-facts.ts), part of note-text.ts's table. */
import type { AtPaths, InferenceChoice, InferenceFact, InferencePlainFact, MapKeys } from './inference-facts';
import type { NoteWords } from './note-facts';
import { atPaths } from './translation-text';

/** Why an object is a map, as the notes and the schema's comments say it. */
export function mapKeysText(keys: MapKeys): string {
  switch (keys.kind) {
    case 'many':
      return `with more than ${keys.max} distinct keys`;
    case 'objects':
      return `with ${keys.min} or more keys that all hold objects`;
    case 'not-names':
      return 'whose keys are not field names';
    case 'data':
      return 'keyed by data';
  }
}

/** Each choice, ending where its paths start. */
const TITLES: NoteWords<InferenceChoice> = {
  'proto-long-objects': () => 'integers beyond 32 bits are 64-bit types; protobufjs decodes them as Long objects',
  'proto-beyond-64-bit-double': () => 'integers beyond the 64-bit range are typed double',
  'proto-message-reused': () => 'messages identical to an earlier one are declared once and reused',
  'proto-null-fields-optional': () => 'fields null in some objects (never missing) are optional: absent on the wire decodes as null',
  'proto-missing-lists-wrapped': () => 'lists and maps missing from some objects are wrapped in a message, so they stay absent',
  'proto-always-null-value': () => 'values that are always null are typed google.protobuf.Value (it has a null)',
  'proto-empty-arrays-string': () => 'arrays always empty in the sample are typed repeated string',
  'proto-nested-lists-wrapped': () => 'lists inside lists or maps (or sometimes missing) are messages { repeated … value = 1; }',
  'proto-nested-maps-wrapped': () => 'maps inside lists or maps (or sometimes missing) are messages { map<…> value = 1; }',
  'proto-map-keys': ({ keys }) => `objects ${mapKeysText(keys)} are typed map<string, …>`,
  'proto-oneof': ({ mixed }) =>
    mixed ? 'mixed kinds of value are a message with a oneof' : 'values null in some places are a message with a oneof (null or the value)',
  'proto-free-form-value': () => 'free-form JSON typed google.protobuf.Value where a path is too irregular',
  'avro-empty-arrays-null': () => 'arrays always empty in the sample have items typed "null"',
  'avro-union': () => 'mixed types typed as a union (first of each kind)',
  'avro-long': () => 'integers beyond 32 bits are typed "long" (avsc reads them as JS numbers, exact up to 2^53)',
  'avro-beyond-2-53-double': () => 'integers beyond 2^53 are typed "double" (avsc refuses longs a JS number cannot hold; JSON.parse already rounded them)',
  'avro-map-keys': ({ keys }) => `objects ${mapKeysText(keys)} typed as maps`,
  'avro-absent-null': () => 'keys missing from some objects default to null: Avro has no absence, so they decode as null',
  'avro-record-reused': () => 'records identical to an earlier one are declared once and referred to by name',
  'avro-free-form': () => 'free-form JSON (a recursive union) where a path is too irregular for a record',
};

const PLAIN: NoteWords<InferencePlainFact> = {
  'proto-doubles-float': () => 'non-integer numbers are typed float: they are rounded to 32-bit precision',
  'proto-fields-optional': () => 'every scalar field is optional (explicit presence): zero values are sent too',
  'proto-json-conversion': () =>
    'wrapper messages, oneofs and google.protobuf.Value are converted to and from plain JSON inside the timed encode and decode (converted messages become plain objects)',
  'proto-sample-wrapped': ({ root, field, message }) =>
    `the sample is ${root === 'object' ? 'an object whose keys are not field names' : `a root ${root}`}: it is encoded as { ${field}: sample } in message ${message} and unwrapped after decoding`,
  'avro-integers-protobuf-only': ({ integers }) => `integers: ${integers} applies to protobuf only; Avro ints and longs are always zigzag varints`,
  'avro-fields-optional': () => 'every field is a union with null (default null): one more byte per field',
  'avro-json-record': ({ record }) =>
    `free-form values use the record ${record}; avsc converts them to and from plain JSON inside encode and decode (a logical type, included in the timings)`,
  'avro-doubles-float': () => 'non-integer numbers are typed "float": they are rounded to 32-bit precision',
};

const AT_PATHS = Object.fromEntries(
  Object.entries(TITLES).map(([code, title]) => [
    code,
    (fact: InferenceChoice & AtPaths) => `${(title as (fact: InferenceChoice) => string)(fact)} ${atPaths(fact)}`,
  ]),
) as NoteWords<InferenceChoice & AtPaths>;

export const INFERENCE_WORDS: NoteWords<InferenceFact> = { ...PLAIN, ...AT_PATHS };
