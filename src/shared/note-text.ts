/**
 * The one table of a row note's words: every renderer (the CLI, the exports, the panel) words a
 * fact here, so a sentence changes in one place and tests can assert codes and figures. The
 * table is typed by code, so a fact without words does not compile.
 */
import { codeGenerationVerdict } from './code-generation-text';
import { DERIVATION_WORDS } from './derivation-text';
import { INFERENCE_WORDS } from './inference-text';
import { TRANSLATION_WORDS } from './translation-text';
import type { ProtocLibrary, NoteCode, NoteFact, NoteWords } from './note-facts';
import type { StoredRowNote } from './results';
import { listText } from './list-text';

/** The most paths a note keeps (its `count` says how many there were). */
export const NOTE_PATHS_KEPT = 20;

const RECORDS_ON = {
  'cbor-x': 'new Encoder({ useRecords: true }).encode / .decode: object structures written once as cbor-x record tags',
  msgpackr: 'new Packr({ useRecords: true }).pack / .unpack: object structures written once as msgpackr records (a MessagePack extension)',
};

const DEFAULTS_DETAIL = { 'records-off': ' (records off)', deterministic: ' (deterministic: map keys sorted by their encoded bytes)' };

const UNSET_OPTIONAL: Record<ProtocLibrary, string> = {
  'ts-proto': 'ts-proto decodes an unset optional field as its key holding undefined',
  'protobuf-ts': 'protobuf-ts decodes an unset optional field as a missing key',
  'google-protobuf':
    "toObject() gives an unset optional scalar as its type's default ('', 0, false) and an unset message as undefined; the message's hasField() methods tell unset from set",
};

const RENAMED_BECAUSE = {
  keyword: (field: string) => `${field} breaks the generated code (a keyword to sucrase)`,
  'json-name-clash': () => 'protoc refuses two fields whose JSON names differ only in case or underscores',
};

const ROW_WORDS: NoteWords<NoteFact> = {
  ...DERIVATION_WORDS,
  ...INFERENCE_WORDS,
  ...TRANSLATION_WORDS,
  'unknown-keys-dropped': ({ count, paths }) =>
    `${count.toLocaleString('en-US')} key${count === 1 ? '' : 's'} the schema has no field for left out before encoding, as asked (drop unknown keys): ${listText(paths, count)}`,
  'unsafe-64-bit-numbers': ({ count, paths }) =>
    `64-bit integers given as JSON numbers beyond 2^53 (${listText(paths, count)}): JSON.parse rounded them before any codec ran; proto3's JSON mapping writes them as strings, which keep every digit`,

  // How a library is called.
  'module-defaults': ({ calls, detail }) => `module-level ${calls} defaults${detail ? DEFAULTS_DETAIL[detail] : ''}`,
  'native-acceleration': ({ library, enabled }) =>
    enabled ? `${library} native acceleration: on` : `${library} native acceleration: off (optional native addon not found; pure JavaScript decoding)`,
  'records-on': ({ library }) => RECORDS_ON[library],
  'records-both-sides': ({ library }) => `the decoder must be ${library} with records on too: the same option on both sides`,
  'bser-pdu-header': () => 'module-level dumpToBuffer/loadFromBuffer: each message carries its PDU header (magic and length)',
  'v8-version-tied': () => 'format is tied to the V8 version: not a wire format between different Node releases',
  'bson-wrapped': ({ key, messages }) =>
    messages
      ? `some messages are not objects: every message is encoded as {"${key}": record} (BSON documents must be objects); wrapper bytes counted`
      : `root is not an object: encoded as {"${key}": sample} (BSON documents must be objects); wrapper bytes counted`,
  'avsc-for-value': () => "schema from avsc's own Type.forValue(sample): non-integers become float (32-bit), not double",
  'google-protobuf-decode': () =>
    'decode is deserializeBinary(bytes).toObject(): the plain object google-protobuf gives, with its renamed keys (lists end in List, maps are [key, value] pairs ending in Map, names are lower-cased then camel-cased at underscores)',
  'ts-proto-defaults': () =>
    "ts-proto's default options: messages are plain objects with camel-cased keys; absent fields decode as their defaults; 64-bit integers as numbers",
  'protobuf-ts-defaults': () =>
    "protobuf-ts's default options (optimize_speed): messages are plain objects with camel-cased keys; absent fields decode as their defaults",
  'bufbuild-descriptors': () =>
    'descriptors built at run time from the protobufjs schema (protobufjs/ext/descriptor → FileDescriptorSet → createFileRegistry); no protoc',
  'bufbuild-messages': ({ from }) =>
    from === 'json'
      ? "the sample is in proto3's JSON form: it becomes messages with fromJson once, before timing; encode is toBinary, decode fromBinary then toJson (timed)"
      : 'the value becomes messages with create() once, before timing; encode is toBinary, decode fromBinary',
  'bufbuild-field-renamed': ({ message, field, to }) =>
    `field ${message}.${field} is ${to} in @bufbuild's descriptors (same field number): another field has its property name; decoded objects show the rename`,
  'pbf-compiled': () => 'read/write functions compiled at run time by pbf/compile from the same schema protobufjs uses',
  'well-known-types-converted': () =>
    "well-known types are in proto3's JSON mapping in the sample: converted to messages before encoding (not timed) and back after decoding (timed)",
  'enum-names-converted': () => 'enum names are converted to numbers before encoding (fromObject, not timed) and back after decoding (toObject, timed)',
  'bytes-as-base64': () => 'bytes are base64 text in the JSON sample: decoding includes toObject with bytes: String',
  'longs-as-strings': () => "64-bit integers are decimal strings in the sample (proto3's JSON mapping): decoding includes toObject with longs: String",
  'longs-as-long-objects': () => '64-bit integers decode as Long objects (long.js, bundled)',
  'from-object-timed': () => 'encode calls type.encode(type.fromObject(value)).finish() on the plain value: the conversion to a message is timed',
  'flatbuffers-encode': () => 'encode: the generated builder functions into one reused Builder (cleared per call), finished with no file identifier',
  'capnp-encode': () =>
    'encode: a new capnp-es Message per call, filled through the generated setters, framed as the standard (unpacked) stream: new Uint8Array(message.toArrayBuffer())',
  'capnp-decode': () =>
    "decode opens the bytes with new Message(bytes, false) (unpacked); capnp-es copies the message's segments when it opens them, so access and firstField pay that copy too",
  'bebop-calls': () =>
    "encode and decode are the root record's generated encode(record) and decode(bytes) (one BebopView the runtime reuses); Bebop decodes eagerly, so it has no access or firstField figures",
  'lazy-decode': () =>
    'decode reads every field into a plain object (the speed-up uses it, so it compares like with like); access (open the bytes, read every leaf, build nothing) and firstField (open, read one path) are timed beside it in the first round',
  'capnp-es-uint32-default': () =>
    "capnp-es reads a UInt32 field that declares a default as a signed number once its value is 2^31 or more (its getter XORs the default in with JavaScript's 32-bit ^): the glue reads such fields with >>> 0; code that calls capnp-es's getters directly needs the same",

  // The generated code.
  'codegen-timing': ({ cached, steps, tools, dir }) => {
    const used = tools.map((tool) => `${tool.executable} ${tool.version}`).join(', ');
    const took = steps.map((step) => `${step.label} ${Math.round(step.ms)} ms`).join(', ');
    return cached
      ? `code generation: cached (no generation this run; it took ${took || 'no time'} when generated) with ${used}, in ${dir}`
      : `code generation: ${took} with ${used}, cached in ${dir}`;
  },
  sandboxed: () =>
    "the generated code ran sandboxed (a child process under Node's permission model: it reads only its own code and the sample, and cannot write files, start processes or workers); the permission model does not cover the network",
  'messages-from-reference': ({ runtime }) =>
    `the value becomes ${runtime} messages once, before timing, by reading protobufjs's bytes for it; encode and decode are the generated code's own calls`,
  'unset-optional-nulls': ({ library }) =>
    `a null of the sample is a proto3 optional field left unset (proto3 has no null): ${UNSET_OPTIONAL[library]}; the round trip counts them as nulls absent (the protobufjs row puts the nulls back in its timed decode)`,
  'protoc-field-renamed': ({ message, field, to, why }) =>
    `field ${message}.${field} is ${to} in the .proto given to protoc (same field number): ${RENAMED_BECAUSE[why](field)}; decoded objects show the rename`,
  'strict-csp': ({ check }) => `without code generation (strict CSP): ${codeGenerationVerdict(check)}`,

  // The schema, and how the sample meets it.
  'schema-derived': ({ format, from }) => `${format} schema derived field by field from ${from}`,
  'schema-translated': ({ format, from }) =>
    `${format} schema translated field by field from ${from === 'inferred' ? 'the schema inferred from the sample' : `the ${from} Avro schema`}`,
  'format-schema-provided': ({ file, tool }) => `the provided ${file}, as ${tool} reads it; JSON keys are its field names`,
  'schema-variants': ({ variants }) => `schema variants: ${variants}`,
  'list-in-only-field': ({ format, field, container }) =>
    format === 'protobuf'
      ? `the sample is a list of values: encoded as the repeated field ${field} of message ${container}, its only field, and unwrapped after decoding`
      : `the sample is a list of values: encoded as the array field ${field} of record ${container}, its only field, and unwrapped after decoding`,
  'list-wrapped-in-message': ({ element, message, field }) =>
    `the sample is a list of ${element}: encoded as message ${message} { repeated ${element} ${field} = 1; } and unwrapped after decoding`,
  'list-as-avro-array': ({ element }) => `the sample is a list of ${element}: encoded as an Avro array of it`,
  'absent-as-null': () =>
    'fields that are unions with null in the .avsc are sent as absent when null (proto3 has no null) and decoded as null inside the timed decode: Avro data has no absent field',
  'avro-schema-note': ({ note }) => `(Avro schema) ${noteText(note)}`,
};

/** A note in words; a note of a report saved before notes were facts is a sentence, as it is. */
export function noteText(note: StoredRowNote): string {
  if (typeof note === 'string') return note;
  const words = ROW_WORDS[note.code as NoteCode] as (fact: NoteFact) => string;
  return words(note);
}
