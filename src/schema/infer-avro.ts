/**
 * An Avro schema inferred from a JSON sample. avsc's own `Type.forValue` would type every
 * non-integer as `float` and round the data silently; this keeps `double` unless asked, and
 * names every choice it makes in `notes`.
 */
import { UnsupportedSampleError } from './sample-contracts';
import {
  describeUnion,
  isSometimesAbsent,
  inferShape,
  isOptionalField,
  mergeShapes,
  type ArrayShape,
  type IntegerShape,
  type ObjectShape,
  type Shape,
  withStackGuard,
} from './shape';
import { elementTypeName, isPrototypeKey, isSchemaIdentifier, pascalCase, TypeNames } from './names';

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
  /** Avro schema JSON, for `avsc.Type.forSchema`. Always an object (a union is an array). */
  schema: object;
  notes: string[];
}

/** Avro schema JSON as built here: a primitive name, a complex type, or a union. */
type AvroSchema = string | { [key: string]: unknown } | AvroSchema[];

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
/** avsc's `long` accepts JS numbers only within this bound (its `isSafeLong`). */
const AVSC_LONG_LIMIT = 9007199254740990;

interface Context {
  names: TypeNames;
  notes: string[];
  numbers: 'double' | 'float';
  floatNoted: boolean;
  allOptional: boolean;
}

export function inferAvroSchema(sample: unknown, options: AvroInferenceOptions = {}): AvroInference {
  const context: Context = {
    names: new TypeNames(),
    notes: [],
    numbers: options.doubles ?? options.numbers ?? 'double',
    floatNoted: false,
    allOptional: options.fields === 'optional',
  };
  if (options.integers === 'varint' || options.integers === 'fixed') {
    context.notes.push(`integers: ${options.integers} applies to protobuf only; Avro ints and longs are always zigzag varints`);
  }
  if (context.allOptional) context.notes.push('every field is a union with null (default null): one more byte per field');
  const shape = inferShape(sample);
  // `Root` is the first name taken, so it is never suffixed; a root array's records are `Item`.
  const schema = withStackGuard(() => avroType(shape, shape.kind === 'array' ? 'Item' : 'Root', context));
  // A bare primitive name is a valid schema, but callers are promised an object.
  return { schema: typeof schema === 'string' ? { type: schema } : schema, notes: context.notes };
}

/** `typeName` is the name hint for the record this shape becomes, if it becomes one. */
function avroType(shape: Shape, typeName: string, context: Context): AvroSchema {
  const base = nonNullType(shape, typeName, context);
  if (shape.nullAt === undefined || shape.kind === 'null') return base;
  return withNull(base);
}

function nonNullType(shape: Shape, typeName: string, context: Context): AvroSchema {
  switch (shape.kind) {
    case 'unknown':
      context.notes.push(`${shape.path} is always empty: its items are typed "null"`);
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
      if (context.numbers === 'float' && !context.floatNoted) {
        context.floatNoted = true;
        context.notes.push('non-integer numbers are typed "float": they are rounded to 32-bit precision');
      }
      return context.numbers;
    case 'array':
      return arrayType(shape, typeName, context);
    case 'object':
      return objectType(shape, typeName, context);
    case 'union':
      // One member per kind, so no two members share an avsc bucket: unwrapped unions stay
      // unambiguous and the sample validates as is.
      context.notes.push(`mixed types, ${describeUnion(shape)}: typed as a union`);
      return shape.members.map((member) => nonNullType(member, typeName, context));
  }
}

function integerType(shape: IntegerShape, context: Context): AvroSchema {
  if (shape.min >= INT32_MIN && shape.max <= INT32_MAX) return 'int';
  if (shape.min >= -AVSC_LONG_LIMIT && shape.max <= AVSC_LONG_LIMIT) {
    context.notes.push(
      `${shape.path}: integers beyond 32 bits are typed "long"; avsc reads longs as JS numbers, exact only up to 2^53`,
    );
    return 'long';
  }
  context.notes.push(
    `${shape.path}: integers beyond 2^53 are typed "double" (avsc refuses longs a JS number cannot hold exactly; their precision is already lost in JSON.parse)`,
  );
  return 'double';
}

function arrayType(shape: ArrayShape, typeName: string, context: Context): AvroSchema {
  return { type: 'array', items: avroType(shape.element, typeName, context) };
}

function objectType(shape: ObjectShape, typeName: string, context: Context): AvroSchema {
  const keys = [...shape.fields.keys()];
  const prototypeKey = keys.find(isPrototypeKey);
  if (prototypeKey !== undefined) {
    throw new UnsupportedSampleError(
      `${shape.path} has a "__proto__" key: decoders would set the object's prototype instead of a field`,
    );
  }
  const invalid = keys.find((key) => !isSchemaIdentifier(key));
  return invalid === undefined ? recordType(shape, typeName, context) : mapType(shape, invalid, typeName, context);
}

function recordType(shape: ObjectShape, typeName: string, context: Context): AvroSchema {
  const name = context.names.take(pascalCase(typeName));
  const fields = [...shape.fields].map(([key, field]) => {
    const hint = field.shape.kind === 'array' ? elementTypeName(key) : key;
    let type = avroType(field.shape, hint, context);
    if (!isOptionalField(shape, field) && !context.allOptional) return { name: key, type };
    if (isSometimesAbsent(shape, field)) {
      context.notes.push(
        `${field.shape.path} is missing from some objects: it defaults to null, so it decodes as null where it was missing`,
      );
    }
    // Missing or null somewhere: a null branch first, so `default: null` is legal and avsc
    // accepts objects that lack the key.
    if (type !== 'null') type = withNull(type);
    return { name: key, type, default: null };
  });
  return { type: 'record', name, fields };
}

/** Keys that cannot be field names still fit a map, as long as the values share one shape. */
function mapType(shape: ObjectShape, invalidKey: string, typeName: string, context: Context): AvroSchema {
  let values: Shape = { kind: 'unknown', path: shape.path };
  for (const field of shape.fields.values()) values = mergeShapes(values, field.shape);
  if (values.kind === 'union') {
    throw new UnsupportedSampleError(
      `${shape.path} has the key ${JSON.stringify(invalidKey)}, which is not a valid Avro name, ` +
        `and its values mix ${describeUnion(values)}, so it is neither a record nor a map. ` +
        'Rename the keys to [A-Za-z_][A-Za-z0-9_]* or give the values one type.',
    );
  }
  context.notes.push(
    `${shape.path} has keys that are not Avro names (such as ${JSON.stringify(invalidKey)}): typed as a map`,
  );
  return { type: 'map', values: avroType(values, `${typeName}Value`, context) };
}

/** `["null", …]` with null first (a field default must match the first branch). */
function withNull(type: AvroSchema): AvroSchema {
  const branches = Array.isArray(type) ? type : [type];
  return ['null', ...branches.filter((branch) => branch !== 'null')];
}
