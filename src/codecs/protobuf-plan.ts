/**
 * What every Protocol Buffers codec starts from: the schema protobufjs uses (provided, derived
 * from an .avsc, or inferred), the message the sample is wrapped in, and the sample in its wire
 * form, checked field by field. protobufjs, pbf and @bufbuild/protobuf all encode from this
 * plan, so their bytes can be compared for the same schema.
 */
import { protobuf } from './protobufjs-runtime';
import type { PrepareContext } from './codec';
import { deriveProtoFromAvro } from '../schema/derive-proto-from-avro';
import { inferProtoMessageSchema, inferProtoSchema, STRUCT_IMPORT, type ProtoInference } from '../schema/infer-proto';
import { fromWire, toWire, type ProtoAdapter } from '../schema/proto-adapter';
import { absentAsNullAdapter } from '../schema/absent-as-null';
import { describeProvided, resolveAvsc, resolveProtoType } from '../schema/provided-schema';
import { checkProtoFit, describeMismatch } from '../schema/sample-fit';
import { describeVariants } from '../shared/variants';
import type { SchemaOrigin } from '../shared/results';

const LIST_FIELD = 'records';

interface ChosenSchema {
  type: protobuf.Type;
  origin: SchemaOrigin;
  text: string;
  /** Encode `{ [wrappedAs]: sample }` and read `decoded[wrappedAs]`. */
  wrappedAs?: string;
  /** Inferred schemas: JSON ↔ wire conversion of the (wrapped) root message, where needed. */
  adapter?: ProtoAdapter;
  /** Derived from an .avsc: the fields standing for unions with null (`Message.field`). */
  nullable?: string[];
  notes: string[];
  /** Set when inferred: handed to later rounds. */
  inferred?: ProtoInference;
}

export interface ProtobufPlan {
  /** The root message encoded (a list wrapper where the sample is a list of records). */
  type: protobuf.Type;
  /** The message the schema names (before any list wrapper). */
  schemaType: protobuf.Type;
  origin: SchemaOrigin;
  text: string;
  wrappedAs?: string;
  adapter?: ProtoAdapter;
  /** Applied to decoded messages only: absent fields that stand for Avro nulls read back as null. */
  absentAsNull?: ProtoAdapter;
  /** The sample, wrapped where needed (message mode: each record, in a list). */
  wrapped: unknown;
  /** `wrapped` in its wire form (the adapter applied): what the checks ran on (message mode: a list). */
  wire: unknown;
  /** Message mode: `wrapped` and `wire` list each record's, and the schema is one message's. */
  perMessage?: true;
  fit: ReturnType<typeof checkProtoFit>;
  notes: string[];
  inferred?: ProtoInference;
}

export function planProtobuf(sample: unknown, context: PrepareContext): ProtobufPlan {
  const chosen = chooseSchema(sample, context);
  const notes = [...chosen.notes];
  let { type, wrappedAs } = chosen;
  const records = context.messages && Array.isArray(sample) ? sample : undefined;
  if (wrappedAs === undefined && chosen.origin !== 'inferred' && Array.isArray(sample) && !records) {
    type = listOf(type);
    wrappedAs = LIST_FIELD;
    notes.push(`the sample is a list of ${chosen.type.name}: encoded as message ${type.name} { repeated ${chosen.type.name} ${LIST_FIELD} = 1; } and unwrapped after decoding`);
  }
  const wrapOne = (value: unknown) => (wrappedAs ? { [wrappedAs]: value } : value);
  const wrapped = records ? records.map(wrapOne) : wrapOne(sample);
  const absentAsNull = chosen.nullable ? absentAsNullAdapter(type, chosen.nullable) : undefined;
  if (absentAsNull) notes.push('fields that are unions with null in the .avsc are sent as absent when null (proto3 has no null) and decoded as null inside the timed decode: Avro data has no absent field');
  // Inferred wrapper messages, oneofs and google.protobuf.Value: the JSON is converted to them
  // inside encode and back inside decode, so the timings include it.
  const wireOf = (value: unknown) => (chosen.adapter ? toWire(value, chosen.adapter) : value);
  const wire = records ? (wrapped as unknown[]).map(wireOf) : wireOf(wrapped);
  // An inferred schema has no enums and no bytes fields, so a sample known to fit it has the
  // flags of no conversion (what checkProtoFit would return).
  const fit = chosen.origin === 'inferred' && context.fitsInferred && context.inferred !== undefined ? { enumNames: false, bytes: false } : records ? checkMessagesFit(type, wire as unknown[]) : checkProtoFit(type, wire);
  if (fit.mismatch) {
    const path = wrappedAs ? fit.mismatch.path.replace(new RegExp(`^(\\$(?:\\[\\d+\\])?)\\.${wrappedAs}`), '$1') : fit.mismatch.path;
    throw new Error(`${records ? 'a message' : 'sample'} does not fit the ${chosen.origin} message ${chosen.type.name}: ${describeMismatch({ ...fit.mismatch, path })}`);
  }
  return {
    type,
    schemaType: chosen.type,
    origin: chosen.origin,
    text: chosen.text,
    ...(wrappedAs ? { wrappedAs } : {}),
    ...(chosen.adapter ? { adapter: chosen.adapter } : {}),
    ...(absentAsNull ? { absentAsNull } : {}),
    wrapped,
    wire,
    ...(records ? { perMessage: true as const } : {}),
    fit,
    notes,
    ...(chosen.inferred ? { inferred: chosen.inferred } : {}),
  };
}

function chooseSchema(sample: unknown, context: PrepareContext): ChosenSchema {
  const provided = context.schema;
  if (provided?.kind === 'proto') {
    return { type: resolveProtoType(provided).type, origin: 'provided', text: provided.source, notes: [] };
  }
  if (provided?.kind === 'avsc') {
    const derived = deriveProtoFromAvro(resolveAvsc(provided).schema);
    const type = protobuf.parse(derived.source, { keepCase: true }).root.lookupType(derived.rootType);
    const notes = [`proto3 schema derived field by field from ${describeProvided(provided)}`, ...derived.notes];
    return { type, origin: 'derived', text: derived.source, wrappedAs: derived.wrappedAs, nullable: derived.nullable, notes };
  }
  // A later round gets back what the first round inferred (plain data): no second inference.
  // Message mode: one message's schema, from every record of the stream.
  const inferred = (context.inferred as ProtoInference | undefined) ?? (context.messages && Array.isArray(sample) ? inferProtoMessageSchema(sample, context.variants) : inferProtoSchema(sample, context.variants));
  const root = protobuf.parse(inferred.source, { keepCase: true }).root;
  // protobufjs ships struct.proto as JSON; a parsed source only names the import.
  if (inferred.importsStruct) root.addJSON(protobuf.common.get(STRUCT_IMPORT)!.nested!);
  const type = root.lookupType(inferred.rootType);
  const variants = describeVariants(context.variants);
  const notes = variants ? [`schema variants: ${variants}`, ...inferred.notes] : inferred.notes;
  return { type, origin: 'inferred', text: inferred.source, wrappedAs: inferred.wrappedAs, ...(inferred.adapter ? { adapter: inferred.adapter } : {}), notes, inferred };
}

/** Each message checked alone; the conversions any of them needs; the first mismatch at `$[index]…`. */
function checkMessagesFit(type: protobuf.Type, wires: readonly unknown[]): ReturnType<typeof checkProtoFit> {
  const fit: ReturnType<typeof checkProtoFit> = { enumNames: false, bytes: false };
  for (let index = 0; index < wires.length; index++) {
    const one = checkProtoFit(type, wires[index]);
    fit.enumNames ||= one.enumNames;
    fit.bytes ||= one.bytes;
    if (one.mismatch) return { ...fit, mismatch: { ...one.mismatch, path: one.mismatch.path.replace(/^\$/, `$[${index}]`) } };
  }
  return fit;
}

/** `read`, then the nulls a derived schema sent as absent put back (see absent-as-null.ts). */
export function withNullsRestored(plan: ProtobufPlan, read: (bytes: Uint8Array) => unknown): (bytes: Uint8Array) => unknown {
  const nulls = plan.absentAsNull;
  return nulls ? (bytes) => fromWire(read(bytes), nulls) : read;
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
