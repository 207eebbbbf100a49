/**
 * What every Protocol Buffers codec starts from: the schema protobufjs uses (provided, derived
 * from an .avsc, or inferred), the message the sample is wrapped in, and the sample in its wire
 * form, checked field by field. protobufjs, pbf and @bufbuild/protobuf all encode from this
 * plan, so their bytes can be compared for the same schema.
 */
import { protobuf } from './protobufjs-runtime';
import type { PrepareContext, PreparedCodec } from './codec';
import { deriveProtoFromAvro } from '../schema/derive-proto-from-avro';
import { isArraySchema } from './avro-schema-choice';
import { inferProtoMessageSchema, inferProtoSchema, STRUCT_IMPORT, type ProtoInference } from '../schema/infer-proto';
import { fromWire, toWire, type ProtoAdapter } from '../schema/proto-adapter';
import { absentAsNullAdapter } from '../schema/absent-as-null';
import { describeProvided, resolveAvsc, resolveProtoType } from '../schema/provided-schema';
import { checkProtoFit, describeMismatch, type ProtoFit, type ProtoFitOptions } from '../schema/sample-fit';
import { fieldsByJsonKey, messageNaming } from '../schema/proto-json-names';
import { protoFieldFacts } from '../schema/proto-defaults';
import { describeVariants } from '../shared/variants';
import type { NoteFact, RowNote, SchemaOrigin } from '../shared/results';
import { NOTE_PATHS_KEPT } from '../shared/row-facts-text';
import type { FormatSemantics } from '../analysis/semantics';
import { protoSemantics } from '../schema/proto-syntax';

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
  notes: RowNote[];
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
  /** `wrapped` in its wire form (the adapter applied, keys as protobufjs names the fields): what protobufjs encodes (message mode: a list). */
  wire: unknown;
  /** Message mode: `wrapped` and `wire` list each record's, and the schema is one message's. */
  perMessage?: true;
  fit: ProtoFit;
  notes: RowNote[];
  inferred?: ProtoInference;
}

export function planProtobuf(sample: unknown, context: PrepareContext): ProtobufPlan {
  const chosen = chooseSchema(sample, context);
  const notes: RowNote[] = [...chosen.notes];
  let { type, wrappedAs } = chosen;
  const records = context.messages && Array.isArray(sample) ? sample : undefined;
  const holdsOneList = Array.isArray(sample) && !listOfItself(type, sample) ? listFieldOf(type) : undefined;
  if (wrappedAs === undefined && chosen.origin !== 'inferred' && Array.isArray(sample) && !records && holdsOneList) {
    // A message that holds one list and nothing else (the Root an inferred .proto wraps a root array in).
    wrappedAs = holdsOneList;
    notes.push({ code: 'list-in-only-field', format: 'protobuf', field: holdsOneList, container: type.name });
  } else if (wrappedAs === undefined && chosen.origin !== 'inferred' && Array.isArray(sample) && !records) {
    type = listOf(type);
    wrappedAs = LIST_FIELD;
    notes.push({ code: 'list-wrapped-in-message', element: chosen.type.name, message: type.name, field: LIST_FIELD });
  }
  const wrapOne = (value: unknown) => (wrappedAs ? { [wrappedAs]: value } : value);
  const wrapped = records ? records.map(wrapOne) : wrapOne(sample);
  const absentAsNull = chosen.nullable ? absentAsNullAdapter(type, chosen.nullable) : undefined;
  if (absentAsNull) notes.push({ code: 'absent-as-null' });
  // Inferred wrapper messages, oneofs and google.protobuf.Value: the JSON is converted to them
  // inside encode and back inside decode, so the timings include it.
  const wireOf = (value: unknown) => (chosen.adapter ? toWire(value, chosen.adapter) : value);
  const wire = records ? (wrapped as unknown[]).map(wireOf) : wireOf(wrapped);
  // An inferred schema has no enums and no bytes fields, so a sample known to fit it has the
  // flags of no conversion (what checkProtoFit would return).
  const fitOptions = { dropUnknownKeys: context.schema?.dropUnknownKeys === true };
  const checked: FitOfAll =
    chosen.origin === 'inferred' && context.fitsInferred && context.inferred !== undefined
      ? {
          fit: { enumNames: false, bytes: false, longStrings: false, unsafeNumbers: [], bigLongs: [], beyondSigned: [], dropped: [] },
          values: records ? (wire as unknown[]) : [wire],
        }
      : checkAllFit(type, records ? (wire as unknown[]) : [wire], records !== undefined, fitOptions);
  const { fit } = checked;
  if (fit.mismatch) {
    const path = wrappedAs ? fit.mismatch.path.replace(new RegExp(`^(\\$(?:\\[\\d+\\])?)\\.${wrappedAs}`), '$1') : fit.mismatch.path;
    const elsewhere = fit.mismatch.known ? fitsElsewhere(chosen.type, records ? records[0] : sample) : '';
    throw new Error(
      `${records ? 'a message' : 'sample'} does not fit the ${chosen.origin} message ${chosen.type.name}: ${describeMismatch({ ...fit.mismatch, path })}${elsewhere}`,
    );
  }
  // Keys mapped onto protobufjs's field names (JSON names, groups), dropped keys left out.
  const fitted = records ? checked.values : checked.values[0];
  if (fit.dropped.length > 0) notes.push({ code: 'unknown-keys-dropped', count: fit.dropped.length, paths: fit.dropped.slice(0, NOTE_PATHS_KEPT) });
  if (fit.unsafeNumbers.length > 0)
    notes.push({ code: 'unsafe-64-bit-numbers', count: fit.unsafeNumbers.length, paths: fit.unsafeNumbers.slice(0, NOTE_PATHS_KEPT) });
  return {
    type,
    schemaType: chosen.type,
    origin: chosen.origin,
    text: chosen.text,
    ...(wrappedAs ? { wrappedAs } : {}),
    ...(chosen.adapter ? { adapter: chosen.adapter } : {}),
    ...(absentAsNull ? { absentAsNull } : {}),
    wrapped,
    wire: fitted,
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
    const resolved = resolveAvsc(provided).schema;
    // A list against a type that is neither a record nor an array is an array of it, as in the Avro rows.
    const listOfIt = !context.messages && Array.isArray(sample) && !isRecordSchema(resolved) && !isArraySchema(resolved);
    const derived = deriveProtoFromAvro(listOfIt ? { type: 'array', items: resolved } : resolved);
    const type = protobuf.parse(derived.source, { keepCase: true }).root.lookupType(derived.rootType);
    const notes: RowNote[] = [{ code: 'schema-derived', format: 'proto3', from: describeProvided(provided) }, ...derived.notes];
    return { type, origin: 'derived', text: derived.source, wrappedAs: derived.wrappedAs, nullable: derived.nullable, notes };
  }
  // A later round gets back what the first round inferred (plain data): no second inference.
  // Message mode: one message's schema, from every record of the stream.
  const inferred =
    (context.inferred as ProtoInference | undefined) ??
    (context.messages && Array.isArray(sample) ? inferProtoMessageSchema(sample, context.variants) : inferProtoSchema(sample, context.variants));
  const root = protobuf.parse(inferred.source, { keepCase: true }).root;
  // protobufjs ships struct.proto as JSON; a parsed source only names the import.
  if (inferred.importsStruct) root.addJSON(protobuf.common.get(STRUCT_IMPORT)!.nested!);
  const type = root.lookupType(inferred.rootType);
  const variants = describeVariants(context.variants);
  const notes: NoteFact[] = variants ? [{ code: 'schema-variants', variants }, ...inferred.notes] : inferred.notes;
  return {
    type,
    origin: 'inferred',
    text: inferred.source,
    wrappedAs: inferred.wrappedAs,
    ...(inferred.adapter ? { adapter: inferred.adapter } : {}),
    notes,
    inferred,
  };
}

interface FitOfAll {
  fit: ProtoFit;
  /** Each value in the form protobufjs encodes (keys as its field names). */
  values: unknown[];
}

/**
 * Each value checked alone (message mode: each record, its mismatch at `$[index]…`); the
 * conversions any of them needs, and every value as protobufjs takes it.
 */
function checkAllFit(type: protobuf.Type, wires: readonly unknown[], indexed: boolean, options: ProtoFitOptions): FitOfAll {
  const fit: ProtoFit = { enumNames: false, bytes: false, longStrings: false, unsafeNumbers: [], bigLongs: [], beyondSigned: [], dropped: [] };
  const values: unknown[] = [];
  const at = (index: number, path: string) => (indexed ? path.replace(/^\$/, `$[${index}]`) : path);
  for (let index = 0; index < wires.length; index++) {
    const one = checkProtoFit(type, wires[index], options);
    fit.enumNames ||= one.enumNames;
    fit.bytes ||= one.bytes;
    fit.longStrings ||= one.longStrings;
    fit.unsafeNumbers.push(...one.unsafeNumbers.map((path) => at(index, path)));
    fit.dropped.push(...one.dropped.map((path) => at(index, path)));
    if (one.mismatch) return { fit: { ...fit, mismatch: { ...one.mismatch, path: at(index, one.mismatch.path) } }, values };
    values.push(Object.hasOwn(one, 'value') ? one.value : wires[index]);
  }
  return { fit, values };
}

/**
 * Where none of a record's keys is a field of the chosen message: the message of the schema that
 * has them, said after the error (the usual cause is the wrong message picked).
 */
function fitsElsewhere(chosen: protobuf.Type, record: unknown): string {
  const first: unknown = Array.isArray(record) ? record[0] : record;
  if (first === null || typeof first !== 'object' || Array.isArray(first)) return '';
  const keys = Object.keys(first);
  const names = fieldsByJsonKey(chosen);
  if (keys.length === 0 || keys.some((key) => names.has(key))) return '';
  const other = messageNaming(chosen.root, keys);
  const list = Array.isArray(record) ? ' (the sample is a list: each element is one)' : '';
  return other
    ? `. None of the sample's keys is a field of ${chosen.name}; message ${other.fullName.slice(1)} has ${keys.filter((key) => fieldsByJsonKey(other).has(key)).length} of its ${keys.length}${list}: choose it (--type ${other.fullName.slice(1)})`
    : `. None of the sample's keys is a field of ${chosen.name}, nor all of any message of the schema`;
}

/** `read`, then the nulls a derived schema sent as absent put back (see absent-as-null.ts). */
export function withNullsRestored(plan: ProtobufPlan, read: (bytes: Uint8Array) => unknown): (bytes: Uint8Array) => unknown {
  const nulls = plan.absentAsNull;
  return nulls ? (bytes) => fromWire(read(bytes), nulls) : read;
}

/** The name of `type`'s one field where that field is a repeated message or scalar (not a map). */
function listFieldOf(type: protobuf.Type): string | undefined {
  const fields = type.fieldsArray;
  const only = fields.length === 1 ? fields[0]! : undefined;
  return only && only.repeated && !(only instanceof protobuf.MapField) ? only.name : undefined;
}

/**
 * Whether a list's records are the message itself rather than what its one list holds: records
 * generated from `Items { repeated Item items }` are `{ items: [...] }`, the tuples are `{ x, y, z }`.
 * The first record decides: an object whose keys all name the message's fields.
 */
function isRecordSchema(schema: unknown): boolean {
  const type = schema !== null && typeof schema === 'object' ? (schema as { type?: unknown }).type : undefined;
  return type === 'record' || type === 'error';
}

function listOfItself(type: protobuf.Type, sample: readonly unknown[]): boolean {
  const first = sample.find((value) => value !== null && value !== undefined);
  if (typeof first !== 'object' || first === null || Array.isArray(first)) return false;
  const keys = Object.keys(first);
  const names = fieldsByJsonKey(type);
  return keys.length > 0 && keys.every((key) => names.has(key));
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

/**
 * How a round trip through this plan's schema is judged: proto3 fields have implicit presence
 * (absent and default are one message); decoded keys are the .proto's field names, which a
 * sample may have written as their JSON names; values come back in another of proto3 JSON's
 * forms (canonical Duration text, 64-bit integers as numbers, bytes as Uint8Array).
 */
/** A given or derived message's enum facts for judging the round trip (proto-defaults.ts); none for inferred schemas (no enums) or messages. */
export function planFieldFacts(plan: ProtobufPlan): Pick<PreparedCodec, 'schemaDefault' | 'schemaEnum'> {
  return plan.origin === 'inferred' || plan.perMessage ? {} : protoFieldFacts(plan.type, plan.wrappedAs);
}

export function planSemantics(plan: ProtobufPlan): FormatSemantics {
  return protoSemantics(plan.text);
}
