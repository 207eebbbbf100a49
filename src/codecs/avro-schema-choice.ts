/**
 * The Avro schema the Avro rows (avsc, avro-js) and js-binary start from, in order of
 * preference: a provided .avsc as given; one derived field by field from a provided .proto (so
 * both formats encode the same data); or one inferred from the sample with doubles for
 * non-integers (avsc's own `Type.forValue` would pick `float` and silently round the data),
 * shaped by the schema variants.
 */
import { UnsupportedSampleError, type PrepareContext } from './codec';
import { deriveAvroFromProto } from '../schema/derive-avro-from-proto';
import { inferAvroMessageSchema, inferAvroSchema, type AvroInference } from '../schema/infer-avro';
import { describeProvided, resolveAvsc, resolveProtoType } from '../schema/provided-schema';
import { describeVariants } from '../shared/variants';
import type { RowNote, SchemaOrigin } from '../shared/results';
import { NOTE_PATHS_KEPT } from '../shared/row-facts-text';
import { checkAvroKeys } from '../schema/avro-sample-keys';
import { describeMismatch } from '../schema/sample-fit';
import { listText } from '../shared/list-text';
import type { FormatSemantics } from '../analysis/semantics';
import { protoSemantics } from '../schema/proto-syntax';
import { readProtoJson } from '../schema/proto-json-plain';

export interface ChosenSchema {
  schema: unknown;
  origin: SchemaOrigin;
  text: string;
  notes: RowNote[];
  /** Set when inferred: handed to later rounds. */
  inferred?: AvroInference;
  /** Derived from a .proto: the sample is proto3 JSON, and a round trip is judged by the .proto's rules. */
  semantics?: FormatSemantics;
}

export function chooseAvroSchema(sample: unknown, context: PrepareContext): ChosenSchema {
  const provided = context.schema;
  if (provided?.kind === 'avsc') {
    return { schema: resolveAvsc(provided).schema, origin: 'provided', text: provided.source, notes: [] };
  }
  if (provided?.kind === 'proto') {
    const { type, typeName } = resolveProtoType(provided);
    const derived = deriveAvroFromProto(type);
    const from = describeProvided(provided, typeName);
    return {
      schema: derived.schema,
      origin: 'derived',
      text: derived.text,
      notes: [{ code: 'schema-derived', format: 'Avro', from }, ...derived.notes],
      semantics: protoSemantics(provided.source),
    };
  }
  // A later round gets back what the first round inferred (plain data): no second inference.
  // Message mode: one message's schema, from every record of the stream.
  const inferred =
    (context.inferred as AvroInference | undefined) ??
    (context.messages && Array.isArray(sample) ? inferAvroMessageSchema(sample, context.variants) : inferAvroSchema(sample, context.variants));
  const variants = describeVariants(context.variants);
  const notes: RowNote[] = variants ? [{ code: 'schema-variants', variants }, ...inferred.notes] : inferred.notes;
  return { schema: inferred.schema, origin: 'inferred', text: inferred.text, notes, inferred };
}

export interface AvroSampleFit {
  /** The schema encoded: the chosen one, or an array of it for a list of its values. */
  schema: unknown;
  /** The sample as encoded: wrapped in the one-list record, dropped keys left out. */
  input: unknown;
  /** Read the sample back out of a decoded one-list record. */
  unwrap?: (decoded: unknown) => unknown;
  /** The one-list record's field the sample fills (plain data, where `unwrap` cannot travel). */
  wrappedAs?: string;
  /** Read as proto3 JSON: paths of 64-bit integers beyond 2^53, BigInts in `input`. */
  bigLongs?: string[];
  notes: RowNote[];
}

/**
 * The sample against the chosen schema, before anything is timed: a list against a record that
 * holds one list and nothing else (the Root a .proto wraps a root array in) fills that list; a
 * list against any other non-array type is an Avro array of it; keys no record has are refused
 * with their path and the record's fields, or left out where the user chose to drop them.
 */
export function fitAvroSample(chosen: ChosenSchema, sample: unknown, context: PrepareContext, format: { unsigned64?: boolean } = {}): AvroSampleFit {
  const notes: RowNote[] = [];
  let schema = chosen.schema;
  let input = sample;
  let unwrap: ((decoded: unknown) => unknown) | undefined;
  let wrappedAs: string | undefined;
  let bigLongs: string[] = [];
  if (!context.messages && chosen.origin !== 'inferred' && Array.isArray(sample) && !isArraySchema(schema)) {
    const list = listOfItself(schema, sample) ? undefined : oneListField(schema);
    if (list !== undefined) {
      input = { [list]: sample };
      wrappedAs = list;
      unwrap = (decoded) => (decoded as Record<string, unknown>)[list];
      notes.push({ code: 'list-in-only-field', format: 'avro', field: list, container: String((schema as { name?: unknown }).name) });
    } else {
      notes.push({ code: 'list-as-avro-array', element: describeNamed(schema) });
      schema = { type: 'array', items: schema };
    }
  }
  if (chosen.origin === 'inferred') return { schema, input, notes };
  const dropUnknownKeys = context.schema?.dropUnknownKeys === true;
  if (context.schema?.kind === 'proto') {
    // An Avro array of the message (a list sample), or a stream's messages: each element is one.
    const elements = schema !== chosen.schema || (context.messages === true && Array.isArray(input));
    const read = readProtoJson(context.schema, input, {
      elements,
      dropUnknownKeys,
      ...(wrappedAs === undefined ? {} : { wrappedAs }),
      ...(format.unsigned64 === true ? { unsigned64: true } : {}),
    });
    notes.push(...read.notes);
    input = read.value;
    bigLongs = read.bigLongs;
  }
  const records = context.messages && Array.isArray(input) ? input : [input];
  const kept: unknown[] = [];
  const dropped: string[] = [];
  for (let index = 0; index < records.length; index++) {
    const fit = checkAvroKeys(schema, records[index], { dropUnknownKeys });
    const at = (path: string) => (records === input ? path.replace(/^\$/, `$[${index}]`) : unwrap ? path.replace(/^\$\.[^.[]+/, '$') : path);
    if (fit.mismatch)
      throw new Error(
        `${records === input ? 'a message' : 'sample'} does not fit the ${chosen.origin} Avro schema: ${describeMismatch({ ...fit.mismatch, path: at(fit.mismatch.path) })}`,
      );
    dropped.push(...fit.dropped.map(at));
    kept.push(fit.value ?? records[index]);
  }
  if (dropped.length > 0) {
    input = records === input ? kept : kept[0];
    notes.push({ code: 'unknown-keys-dropped', count: dropped.length, paths: dropped.slice(0, NOTE_PATHS_KEPT) });
  }
  return { schema, input, ...(unwrap ? { unwrap, wrappedAs } : {}), ...(bigLongs.length > 0 ? { bigLongs } : {}), notes };
}

/**
 * A row whose library writes Avro longs (or the format's 64-bit integers) from JavaScript
 * numbers only: a proto3 JSON value beyond 2^53 (exact as text) would be rounded, so the row
 * is not run rather than measured on other numbers than the sample's.
 */
export function refuseBigLongs(fitted: AvroSampleFit, library: string): void {
  if (!fitted.bigLongs) return;
  const shown = listText(fitted.bigLongs, undefined, 3);
  throw new UnsupportedSampleError(
    `the sample has 64-bit integers beyond 2^53 (exact, as proto3 JSON text) at ${shown}; ${library} writes them from JavaScript numbers, which would round them: not run on other numbers than the sample's`,
  );
}

export function isArraySchema(schema: unknown): boolean {
  if (schema === 'array') return true;
  if (Array.isArray(schema)) return schema.some(isArraySchema);
  return schema !== null && typeof schema === 'object' && (schema as { type?: unknown }).type === 'array';
}

function oneListField(schema: unknown): string | undefined {
  if (schema === null || typeof schema !== 'object' || (schema as { type?: unknown }).type !== 'record') return undefined;
  const fields = (schema as { fields?: Array<{ name: string; type: unknown }> }).fields ?? [];
  return fields.length === 1 && isArraySchema(fields[0]!.type) && !Array.isArray(fields[0]!.type) ? fields[0]!.name : undefined;
}

/** A list of the record itself rather than of what its one array holds (the first record decides, as for protobuf). */
function listOfItself(schema: unknown, sample: readonly unknown[]): boolean {
  const first = sample.find((value) => value !== null && value !== undefined);
  if (typeof first !== 'object' || first === null || Array.isArray(first) || schema === null || typeof schema !== 'object') return false;
  const names = new Set(((schema as { fields?: Array<{ name: string }> }).fields ?? []).map((field) => field.name));
  const keys = Object.keys(first);
  return keys.length > 0 && keys.every((key) => names.has(key));
}

function describeNamed(schema: unknown): string {
  const name = schema !== null && typeof schema === 'object' ? (schema as { name?: unknown }).name : undefined;
  return typeof name === 'string' ? name : "values of the schema's type";
}
