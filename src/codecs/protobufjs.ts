/**
 * Protocol Buffers with protobufjs. The schema is, in order of preference: a provided .proto as
 * given; one derived field by field from a provided .avsc (so both formats encode the same
 * data); or a proto3 schema inferred from the sample, shaped by the schema variants. Field
 * names are kept as written (`keepCase`): protobufjs camel-cases by default.
 */
import { protobuf } from './protobufjs-runtime';
import type { CodecModule, PrepareContext } from './codec';
import { deriveProtoFromAvro } from '../schema/derive-proto-from-avro';
import { inferProtoSchema, STRUCT_IMPORT, type ProtoInference } from '../schema/infer-proto';
import { fromWire, toWire, type ProtoAdapter } from '../schema/proto-adapter';
import { describeProvided, resolveAvsc, resolveProtoType } from '../schema/provided-schema';
import { messageToJson, messageToProto, usesWellKnownTypes } from '../schema/proto-wkt';
import { checkProtoFit, describeMismatch } from '../schema/sample-fit';
import { describeVariants } from '../schema/variants';
import type { SchemaOrigin } from '../shared/results';

const SIXTY_FOUR_BIT = /\b(?:u?int64|sint64|s?fixed64)\b/;
const LIST_FIELD = 'records';

interface ChosenSchema {
  type: protobuf.Type;
  origin: SchemaOrigin;
  text: string;
  /** Encode `{ [wrappedAs]: sample }` and read `decoded[wrappedAs]`. */
  wrappedAs?: string;
  /** Inferred schemas: JSON ↔ wire conversion of the (wrapped) root message, where needed. */
  adapter?: ProtoAdapter;
  notes: string[];
  /** Set when inferred: handed to later rounds. */
  inferred?: ProtoInference;
}

export const prepare: CodecModule['prepare'] = (sample, context) => {
  const chosen = chooseSchema(sample, context);
  const notes = [...chosen.notes];
  let { type, wrappedAs } = chosen;
  if (wrappedAs === undefined && chosen.origin !== 'inferred' && Array.isArray(sample)) {
    type = listOf(type);
    wrappedAs = LIST_FIELD;
    notes.push(`the sample is a list of ${chosen.type.name}: encoded as message ${type.name} { repeated ${chosen.type.name} ${LIST_FIELD} = 1; } and unwrapped after decoding`);
  }
  const wrapped = wrappedAs ? { [wrappedAs]: sample } : sample;
  const adapter = chosen.adapter;
  // Inferred wrapper messages, oneofs and google.protobuf.Value: the JSON is converted to them
  // inside encode and back inside decode, so the timings include it.
  const input = adapter ? toWire(wrapped, adapter) : wrapped;
  const fit = checkProtoFit(type, input);
  if (fit.mismatch) {
    const path = wrappedAs ? fit.mismatch.path.replace(new RegExp(`^\\$\\.${wrappedAs}`), '$') : fit.mismatch.path;
    throw new Error(`sample does not fit the ${chosen.origin} message ${chosen.type.name}: ${describeMismatch({ ...fit.mismatch, path })}`);
  }
  // protobufjs encodes enum numbers: names (proto3's JSON mapping, Avro's symbols) are turned
  // into numbers once, before timing. Decoding gives numbers and Buffers back: where the sample
  // had names or base64 text, toObject restores them, and that is part of decoding.
  // Well-known types (Timestamp as RFC 3339 text…) go to their message form with the enum names.
  // Inferred schemas convert their google.protobuf.Value fields in the adapter instead.
  const wellKnown = !adapter && usesWellKnownTypes(type);
  const messageForm = wellKnown ? messageToProto(type, input, type.root as protobuf.Root) : input;
  const message = fit.enumNames || wellKnown ? type.fromObject(messageForm as Record<string, unknown>) : (input as Record<string, unknown>);
  // checkProtoFit has checked `input` against the type field by field (with located errors);
  // protobufjs's own verify repeats that walk (a third of a second on a 3.6 MB sample), so it
  // runs only on what fromObject built. Whatever slips through, the round trip still catches.
  const problem = message === input ? null : type.verify(message);
  if (problem) throw new Error(`sample does not fit message ${chosen.type.name}: ${problem}`);
  // arrays/objects: a decoded message holds empty lists and maps; toObject would drop them.
  const restore: protobuf.IConversionOptions | undefined =
    fit.enumNames || fit.bytes || wellKnown ? { ...(fit.enumNames ? { enums: String } : {}), ...(fit.bytes ? { bytes: String } : {}), arrays: true, objects: true } : undefined;
  if (wellKnown) notes.push('well-known types are in proto3\'s JSON mapping in the sample: converted to messages before encoding (not timed) and back after decoding (timed)');
  if (fit.enumNames) notes.push('enum names are converted to numbers before encoding (fromObject, not timed) and back after decoding (toObject, timed)');
  if (fit.bytes) notes.push('bytes are base64 text in the JSON sample: decoding includes toObject with bytes: String');
  if (SIXTY_FOUR_BIT.test(chosen.text)) {
    notes.push('64-bit integers decode as Long objects (long.js, bundled)');
  }
  const decodeMessage = restore ? (bytes: Uint8Array) => type.toObject(type.decode(bytes), restore) : (bytes: Uint8Array) => type.decode(bytes);
  const read = adapter
    ? (bytes: Uint8Array) => fromWire(decodeMessage(bytes), adapter)
    : wellKnown ? (bytes: Uint8Array) => messageToJson(type, decodeMessage(bytes), type.root as protobuf.Root) : decodeMessage;
  const field = wrappedAs;
  return {
    input: adapter ? wrapped : message,
    encode: adapter
      ? (value) => type.encode(toWire(value, adapter) as Record<string, unknown>).finish()
      : (value) => type.encode(value as Record<string, unknown>).finish(),
    decode: field ? (bytes) => (read(bytes) as Record<string, unknown>)[field] : read,
    schema: chosen.origin,
    schemaText: chosen.text,
    notes,
    layout: field ? { kind: 'protobuf', type, wrappedAs: field } : { kind: 'protobuf', type },
    ...(chosen.inferred ? { inferred: chosen.inferred } : {}),
  };
};

function chooseSchema(sample: unknown, context: PrepareContext): ChosenSchema {
  const provided = context.schema;
  if (provided?.kind === 'proto') {
    return { type: resolveProtoType(provided).type, origin: 'provided', text: provided.source, notes: [] };
  }
  if (provided?.kind === 'avsc') {
    const derived = deriveProtoFromAvro(resolveAvsc(provided).schema);
    const type = protobuf.parse(derived.source, { keepCase: true }).root.lookupType(derived.rootType);
    const notes = [`proto3 schema derived field by field from ${describeProvided(provided)}`, ...derived.notes];
    return { type, origin: 'derived', text: derived.source, wrappedAs: derived.wrappedAs, notes };
  }
  // A later round gets back what the first round inferred (plain data): no second inference.
  const inferred = (context.inferred as ProtoInference | undefined) ?? inferProtoSchema(sample, context.variants);
  const root = protobuf.parse(inferred.source, { keepCase: true }).root;
  // protobufjs ships struct.proto as JSON; a parsed source only names the import.
  if (inferred.importsStruct) root.addJSON(protobuf.common.get(STRUCT_IMPORT)!.nested!);
  const type = root.lookupType(inferred.rootType);
  const variants = describeVariants(context.variants);
  const notes = variants ? [`schema variants: ${variants}`, ...inferred.notes] : inferred.notes;
  return { type, origin: 'inferred', text: inferred.source, wrappedAs: inferred.wrappedAs, ...(inferred.adapter ? { adapter: inferred.adapter } : {}), notes, inferred };
}

/** A message holding a list of `type`, added beside it (a .proto cannot type a bare list). */
function listOf(type: protobuf.Type): protobuf.Type {
  const root = type.root;
  let name = `${type.name}List`;
  for (let suffix = 2; root.get(name); suffix++) name = `${type.name}List${suffix}`;
  const list = new protobuf.Type(name).add(new protobuf.Field(LIST_FIELD, 1, type.fullName, 'repeated'));
  root.add(list);
  list.resolveAll();
  return list;
}
