/**
 * A row's notes as facts: a `code` and the figures and names it varies by, worded by `noteText`
 * (note-text.ts) for every renderer. Plain data only, like the rest of the result contract:
 * codes and their fields are a public contract (CI users parse `--json`): add, never rename.
 */
import type { DerivationFact } from './derivation-facts';
import type { InferenceFact } from './inference-facts';
import type { TranslationFact } from './translation-facts';
import type { CodeGenerationCheck, SchemaOrigin } from './row-terms';

/** Facts about how a library is called, whatever the sample. */
export type CallFact =
  /** The library's module-level calls with their defaults (cbor-x, msgpackr, @msgpack/msgpack, cborg). */
  | { code: 'module-defaults'; calls: 'encode/decode' | 'pack/unpack'; detail?: 'records-off' | 'deterministic' }
  /** msgpackr and cbor-x decode strings faster with an optional native addon: which ran. */
  | { code: 'native-acceleration'; library: string; enabled: boolean }
  /** cbor-x's and msgpackr's records option: object structures written once. */
  | { code: 'records-on'; library: 'cbor-x' | 'msgpackr' }
  /** A decoder of records needs the same option. */
  | { code: 'records-both-sides'; library: 'cbor-x' | 'msgpackr' }
  | { code: 'bser-pdu-header' }
  | { code: 'v8-version-tied' }
  /** BSON documents must be objects: the root (or each message) wrapped under `key`. */
  | { code: 'bson-wrapped'; key: string; messages: boolean }
  | { code: 'avsc-for-value' }
  | { code: 'google-protobuf-decode' }
  | { code: 'ts-proto-defaults' }
  | { code: 'protobuf-ts-defaults' }
  | { code: 'bufbuild-descriptors' }
  /** How @bufbuild/protobuf's messages are made before timing: fromJson (`json`) or create (`value`). */
  | { code: 'bufbuild-messages'; from: 'json' | 'value' }
  /** A field @bufbuild names apart: another field has its property name. */
  | { code: 'bufbuild-field-renamed'; message: string; field: string; to: string }
  | { code: 'pbf-compiled' }
  /** protobufjs converts the sample's proto3 JSON well-known types outside the timed encode. */
  | { code: 'well-known-types-converted' }
  | { code: 'enum-names-converted' }
  | { code: 'bytes-as-base64' }
  | { code: 'longs-as-strings' }
  | { code: 'longs-as-long-objects' }
  /** protobufjs's fromObject timed inside encode (the published benchmark's way). */
  | { code: 'from-object-timed' }
  | { code: 'flatbuffers-encode' }
  | { code: 'capnp-encode' }
  | { code: 'capnp-decode' }
  | { code: 'bebop-calls' }
  /** A format read on access: what decode, access and firstField time. */
  | { code: 'lazy-decode' }
  /** capnp-es's getter of a UInt32 with a default reads 2^31 and more as negative. */
  | { code: 'capnp-es-uint32-default' };

/** The libraries whose code protoc generates from a .proto. */
export type ProtocLibrary = 'ts-proto' | 'protobuf-ts' | 'google-protobuf';

/** Facts about the code a row generated from its schema. */
export type GenerationFact =
  /** The tools, the steps and what each took (the first run's, when `cached`), and where the code is. */
  | {
      code: 'codegen-timing';
      cached: boolean;
      steps: Array<{ label: string; ms: number }>;
      tools: Array<{ executable: string; version: string }>;
      dir: string;
    }
  | { code: 'sandboxed' }
  /** The runtime's messages are read from protobufjs's bytes before timing. */
  | { code: 'messages-from-reference'; runtime: string }
  /** Nulls of the sample are unset optional fields to the generated code (`library`'s way of decoding them). */
  | { code: 'unset-optional-nulls'; library: ProtocLibrary }
  /** A field of a schema Payload Lab wrote, renamed in the .proto protoc gets. */
  | { code: 'protoc-field-renamed'; message: string; field: string; to: string; why: 'keyword' | 'json-name-clash' }
  /** The panel's strict-CSP check of a row, without code generation. */
  | { code: 'strict-csp'; check: CodeGenerationCheck };

/** Facts about the schema a row encodes with, and how the sample meets it. */
export type SchemaFact =
  /** `format`'s schema derived from the user's schema in the other format (`from` names it). */
  | { code: 'schema-derived'; format: 'proto3' | 'Avro'; from: string }
  /** The zero-copy formats' schema, translated from the Avro schema (`from`: inferred, provided, derived). */
  | { code: 'schema-translated'; format: string; from: SchemaOrigin }
  /** The user's own FlatBuffers, Cap'n Proto or Bebop schema, as its tool reads it. */
  | { code: 'format-schema-provided'; file: string; tool: string }
  | { code: 'schema-variants'; variants: string }
  /** A list sample filling the only field (`field`) of the schema's record or message (`container`). */
  | { code: 'list-in-only-field'; format: 'protobuf' | 'avro'; field: string; container: string }
  /** A list sample wrapped in a message of one repeated field. */
  | { code: 'list-wrapped-in-message'; element: string; message: string; field: string }
  | { code: 'list-as-avro-array'; element: string }
  /** Unions with null of an .avsc sent absent when null, put back as null in the timed decode. */
  | { code: 'absent-as-null' }
  /** A note about the Avro schema a zero-copy row translated from. */
  | { code: 'avro-schema-note'; note: NoteFact };

/** The facts a note can be: see the groups. */
export type NoteFact =
  | CallFact
  | GenerationFact
  | SchemaFact
  | DerivationFact
  | InferenceFact
  | TranslationFact
  /** Keys of the sample the user's schema has no field for, left out before encoding as asked (drop unknown keys). */
  | { code: 'unknown-keys-dropped'; count: number; paths: string[] }
  /** 64-bit integer fields given as JSON numbers beyond 2^53: JSON.parse rounded them before any codec ran. */
  | { code: 'unsafe-64-bit-numbers'; count: number; paths: string[] };

export type NoteCode = NoteFact['code'];

/** Each code's words, from the fact of that code. */
export type NoteWords<F extends { code: string }> = { [C in F['code']]: (fact: Extract<F, { code: C }>) => string };
