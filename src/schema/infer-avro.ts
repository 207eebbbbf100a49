/**
 * An Avro schema inferred from a JSON sample. avsc's own `Type.forValue` would type every
 * non-integer as `float` and round the data silently; this keeps `double` unless asked, and
 * names every choice it makes in `notes` (grouped by kind) and in `doc` attributes.
 *
 * Every JSON value has a schema: objects whose keys are not names become maps, mixed kinds
 * become unions, and where a path mixes too much (or the schema would outgrow the sample) it
 * becomes the free-form `Json` record of avro-json.ts.
 */
import { UnsupportedSampleError } from './sample-contracts';
import {
  describeUnion,
  isSometimesAbsent,
  inferShape,
  isOptionalField,
  messageShape,
  type ArrayShape,
  type IntegerShape,
  type ObjectShape,
  type Shape,
  withStackGuard,
} from './shape';
import { avroJsonRecord } from './avro-names';
import { InferenceNotes } from './inference-notes';
import { formatAvroSchema } from './avro-text';
import { mapKeysReason, mapValuesOf, schemaTextBudget, shapeBudgets, type ShapeBudget } from './irregular';
import { elementTypeName, isPrototypeKey, pascalCase, TypeNames } from './names';
import { avroRecordStructure, TypesByStructure } from './type-reuse';
import type { NoteFact } from '../shared/results';

export interface AvroInferenceOptions {
  /** Type for non-integer numbers. `float` halves their size and rounds them to float32. */
  numbers?: 'double' | 'float';
  /** The schema variant of the same choice (see variants.ts); wins over `numbers`. */
  doubles?: 'double' | 'float';
  /** `optional`: every field a union with null (a branch index byte each), default null. */
  fields?: 'required' | 'optional';
  /** Only noted: Avro ints are always zigzag varints, whatever protobuf is told. */
  integers?: 'auto' | 'varint' | 'zigzag' | 'fixed';
}

export interface AvroInference {
  /** Avro schema JSON: create the type with `createInferredAvroType` (avro-json.ts). */
  schema: object;
  /** The schema laid out for reading (avro-text.ts). */
  text: string;
  notes: NoteFact[];
}

/** Avro schema JSON as built here: a primitive name, a complex type, or a union. */
type AvroSchema = string | { [key: string]: unknown } | AvroSchema[];

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
/** avsc's `long` accepts JS numbers only within this bound (its `isSafeLong`). */
const AVSC_LONG_LIMIT = 9007199254740990;
/** Unions wider than this (null aside) become free-form JSON. */
const MAX_UNION_MEMBERS = 3;
const JSON_DOC = 'Free-form JSON: a recursive union of null, boolean, double, string, array and map of Json';

interface Context {
  names: TypeNames;
  notes: InferenceNotes;
  numbers: 'double' | 'float';
  allOptional: boolean;
  budget: ShapeBudget;
  records: number;
  structures: TypesByStructure;
  /** The free-form record's name once declared (later uses refer to it by name). */
  jsonName?: string;
}

export function inferAvroSchema(sample: unknown, options: AvroInferenceOptions = {}): AvroInference {
  return inferFromShape(inferShape(sample), schemaTextBudget(sample), options);
}

/**
 * Message mode: the schema of one message of a stream, inferred from every record of it (their
 * shapes merged, as an array's elements are), so a field some messages lack is optional.
 */
export function inferAvroMessageSchema(records: readonly unknown[], options: AvroInferenceOptions = {}): AvroInference {
  return inferFromShape(messageShape(records), schemaTextBudget(records), options);
}

function inferFromShape(shape: Shape, textBudget: number, options: AvroInferenceOptions): AvroInference {
  let inferred: AvroInference | undefined;
  // Tighter budgets until the schema is no bigger than the sample (the last one always is).
  for (const budget of shapeBudgets()) {
    const { schema, notes } = withStackGuard(() => inferWithBudget(shape, options, budget));
    inferred = { schema, text: formatAvroSchema(schema), notes };
    if (inferred.text.length <= textBudget) break;
  }
  return inferred!;
}

function inferWithBudget(shape: Shape, options: AvroInferenceOptions, budget: ShapeBudget): Omit<AvroInference, 'text'> {
  const context: Context = {
    names: new TypeNames(),
    notes: new InferenceNotes(),
    numbers: options.doubles ?? options.numbers ?? 'double',
    allOptional: options.fields === 'optional',
    budget,
    records: 0,
    structures: new TypesByStructure(),
  };
  if (options.integers === 'varint' || options.integers === 'fixed') {
    context.notes.add({ code: 'avro-integers-protobuf-only', integers: options.integers });
  }
  if (context.allOptional) context.notes.add({ code: 'avro-fields-optional' });
  // `Root` is the first name taken, so it is never suffixed; a root array's records are `Item`.
  const schema = avroType(shape, shape.kind === 'array' ? 'Item' : 'Root', context, 0);
  if (context.jsonName !== undefined) {
    context.notes.add({ code: 'avro-json-record', record: context.jsonName });
  }
  // A bare primitive name is a valid schema, but callers are promised an object.
  return { schema: typeof schema === 'string' ? { type: schema } : schema, notes: context.notes.list() };
}

/** `typeName` is the name hint for the record this shape becomes, if it becomes one. */
function avroType(shape: Shape, typeName: string, context: Context, depth: number): AvroSchema {
  const base = nonNullType(shape, typeName, context, depth);
  if (shape.nullAt === undefined || shape.kind === 'null' || isJson(base, context)) return base;
  return withNull(base);
}

function nonNullType(shape: Shape, typeName: string, context: Context, depth: number): AvroSchema {
  switch (shape.kind) {
    case 'unknown':
      context.notes.at({ code: 'avro-empty-arrays-null' }, shape.path);
      return 'null';
    case 'null':
      return 'null';
    case 'boolean':
      return 'boolean';
    case 'string':
      return 'string';
    case 'integer':
      return integerType(shape, context);
    case 'double':
      if (context.numbers === 'float') context.notes.add({ code: 'avro-doubles-float' });
      return context.numbers;
    case 'array':
      return arrayType(shape, typeName, context, depth);
    case 'object':
      return objectType(shape, typeName, context, depth);
    case 'union': {
      if (shape.members.length > MAX_UNION_MEMBERS) {
        return jsonType(context, shape.path, `mixes ${shape.members.length} kinds of value`);
      }
      // One member per kind, so no two members share an avsc bucket: unwrapped unions stay
      // unambiguous and the sample validates as is. A member that went free-form takes the
      // whole union with it (Json holds every kind, and avsc cannot pick between the two).
      context.notes.at({ code: 'avro-union' }, `${shape.path}: ${describeUnion(shape)}`);
      const members = shape.members.map((member) => nonNullType(member, typeName, context, depth));
      return members.some((member) => isJson(member, context)) ? jsonType(context, shape.path, 'mixes kinds, one of them free-form') : members;
    }
  }
}

function integerType(shape: IntegerShape, context: Context): AvroSchema {
  if (shape.min >= INT32_MIN && shape.max <= INT32_MAX) return 'int';
  if (shape.min >= -AVSC_LONG_LIMIT && shape.max <= AVSC_LONG_LIMIT) {
    context.notes.at({ code: 'avro-long' }, shape.path);
    return 'long';
  }
  context.notes.at({ code: 'avro-beyond-2-53-double' }, shape.path);
  return 'double';
}

function arrayType(shape: ArrayShape, typeName: string, context: Context, depth: number): AvroSchema {
  return { type: 'array', items: avroType(shape.element, typeName, context, depth + 1) };
}

function objectType(shape: ObjectShape, typeName: string, context: Context, depth: number): AvroSchema {
  const prototypeKey = [...shape.fields.keys()].find(isPrototypeKey);
  if (prototypeKey !== undefined) {
    throw new UnsupportedSampleError(`${shape.path} has a "__proto__" key: decoders would set the object's prototype instead of a field`);
  }
  if (depth >= context.budget.depth) return jsonType(context, shape.path, `nests deeper than ${context.budget.depth} levels`);
  const mapReason = mapKeysReason(shape);
  if (mapReason !== undefined) {
    context.notes.at({ code: 'avro-map-keys', keys: mapReason }, shape.path);
    return { type: 'map', values: avroType(mapValuesOf(shape), `${typeName}Value`, context, depth + 1) };
  }
  if (context.records >= context.budget.records) return jsonType(context, shape.path, `past ${context.budget.records} record types`);
  return recordType(shape, typeName, context, depth);
}

function recordType(shape: ObjectShape, typeName: string, context: Context, depth: number): AvroSchema {
  context.records += 1;
  const name = context.names.take(pascalCase(typeName));
  const fields = [...shape.fields].map(([key, field]) => {
    const hint = field.shape.kind === 'array' ? elementTypeName(key) : key;
    let type = avroType(field.shape, hint, context, depth + 1);
    const absent = isSometimesAbsent(shape, field);
    if (absent) context.notes.at({ code: 'avro-absent-null' }, field.shape.path);
    const reasons = [...choicesIn(type, context), ...(absent ? ['sometimes absent: null there'] : [])];
    const doc = reasons.length > 0 ? { doc: reasons.join('; ') } : {};
    if (!isOptionalField(shape, field) && !context.allOptional) return { name: key, ...doc, type };
    // A free-form value holds null itself, and avsc cannot pick between two branches that both
    // take null: its default is the record form of null.
    if (isJson(type, context)) return { name: key, ...doc, type, default: { value: null } };
    // Missing or null somewhere: a null branch first, so `default: null` is legal and avsc
    // accepts objects that lack the key.
    if (type !== 'null') type = withNull(type);
    return { name: key, ...doc, type, default: null };
  });
  // A record like an earlier one is that one, named (see type-reuse.ts): Avro declares a named
  // type once and refers to it by name after.
  const existing = context.structures.reuse(avroRecordStructure(fields), name);
  if (existing === undefined) return { type: 'record', name, fields };
  context.records -= 1;
  context.names.release(name);
  context.notes.at({ code: 'avro-record-reused' }, `${shape.path} (${existing})`);
  return existing;
}

/** The choices a field's type shows, for its `doc` (JSON has no comments). */
function choicesIn(type: AvroSchema, context: Context): string[] {
  if (isJson(type, context)) return ['free-form JSON (record Json)'];
  const branches = (Array.isArray(type) ? type : [type]).filter((branch) => branch !== 'null');
  const choices = branches.length > 1 ? ['union: the sample mixes kinds of value here'] : [];
  const single = branches[0];
  if (branches.length === 1 && typeof single === 'object' && !Array.isArray(single) && single['type'] === 'map') {
    choices.push('map: its keys are data, not field names');
  }
  return choices;
}

/** The free-form record (declared at its first use), for the value at `path`. */
function jsonType(context: Context, path: string, reason: string): AvroSchema {
  context.notes.at({ code: 'avro-free-form' }, `${path} (${reason})`);
  if (context.jsonName !== undefined) return context.jsonName;
  context.jsonName = context.names.take('Json');
  return avroJsonRecord(context.jsonName, JSON_DOC);
}

function isJson(type: AvroSchema, context: Context): boolean {
  if (context.jsonName === undefined) return false;
  return type === context.jsonName || (typeof type === 'object' && !Array.isArray(type) && type['name'] === context.jsonName);
}

/** `["null", …]` with null first (a field default must match the first branch). */
function withNull(type: AvroSchema): AvroSchema {
  const branches = Array.isArray(type) ? type : [type];
  return ['null', ...branches.filter((branch) => branch !== 'null')];
}
