/**
 * A proto3 schema inferred from a JSON sample, as `.proto` text a reader can check. Field names
 * are the JSON keys exactly (parse with `keepCase: true`); every choice made is commented in
 * the text and listed in `notes`. What proto3 cannot express becomes an UnsupportedSampleError
 * naming the JSON path and a way out.
 */
import { UnsupportedSampleError } from './sample-contracts';
import {
  allKeys,
  describeKind,
  describeUnion,
  inferShape,
  isOptionalField,
  isSometimesAbsent,
  mergeShapes,
  type IntegerShape,
  type ObjectShape,
  type Shape,
  type UnionShape,
  truncatePath,
  withStackGuard,
} from './shape';
import { elementTypeName, isPrototypeKey, isSchemaIdentifier, pascalCase, TypeNames } from './names';
import { nextFieldNumber, renderProto, type ProtoMessage } from './proto-text';
import { withDefaults, type SchemaVariants } from './variants';

export interface ProtoInference {
  /** `.proto` text, proto3. Parse with `protobuf.parse(source, { keepCase: true })`. */
  source: string;
  /** The message to encode: `Root` unless a JSON key is named `Root`. */
  rootType: string;
  /**
   * Set when the sample is not an object with field-name keys: encode `{ [wrappedAs]: sample }`
   * and read `decoded[wrappedAs]`.
   */
  wrappedAs?: string;
  notes: string[];
}

interface Context {
  names: TypeNames;
  messages: ProtoMessage[];
  notes: string[];
  /** Messages open around the one being declared, the root counting as 1. */
  depth: number;
  variants: SchemaVariants;
}

/** What a field (or map value) becomes, before it gets a name and a number. */
interface FieldType {
  label: '' | 'repeated' | 'optional';
  /** What the type is: only scalars can be `optional`, only maps lack presence entirely. */
  kind: 'scalar' | 'message' | 'map';
  type: string;
  comment?: string;
}

const WRAPPER_FIELD = 'value';
const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
const INT64_LIMIT = 2 ** 63;
/**
 * protobufjs (like protoc's CodedInputStream) refuses to verify, encode or decode messages
 * nested deeper than this (`util.recursionLimit`), so a schema needing more is useless.
 */
const MAX_MESSAGE_DEPTH = 100;

/** `variants` (see variants.ts): integer encoding, float for doubles, presence on every field. */
export function inferProtoSchema(sample: unknown, variants?: Partial<SchemaVariants>): ProtoInference {
  const shape = inferShape(sample);
  return withStackGuard(() => protoFromShape(shape, withDefaults(variants)));
}

function protoFromShape(shape: Shape, variants: SchemaVariants): ProtoInference {
  // protoc resolves a type name against field names in scope first, so no message may be
  // named like any field.
  const names = new TypeNames([WRAPPER_FIELD, ...allKeys(shape)]);
  const context: Context = { names, messages: [], notes: [], depth: 0, variants };
  if (variants.doubles === 'float') context.notes.push('non-integer numbers are typed float: they are rounded to 32-bit precision');
  if (variants.fields === 'optional') context.notes.push('every scalar field is optional (explicit presence): zero values are sent too');
  if (shape.kind === 'object' && hasOnlyFieldNameKeys(shape)) {
    const rootType = declareMessage(shape, 'Root', context);
    return { source: renderProto(context.messages), rootType, notes: context.notes };
  }
  return wrapRoot(shape, context);
}

/** proto3 messages are objects: any other root becomes the single field of a `Root` message. */
function wrapRoot(shape: Shape, context: Context): ProtoInference {
  if (shape.kind === 'null') throw new UnsupportedSampleError('the sample is just null: proto3 has no null value');
  const root: ProtoMessage = { name: context.names.take('Root'), fields: [], omitted: [] };
  context.messages.push(root);
  context.depth = 1;
  const described = shape.kind === 'object' ? 'an object whose keys are not field names' : `a root ${describeKind(shape)}`;
  root.comment = `Wraps the sample (${described}) in the field "${WRAPPER_FIELD}": proto3 encodes only messages.`;
  const fieldType = typeOfField(shape, shape.kind === 'array' ? 'Item' : 'Root', context);
  if (fieldType === undefined) throw new UnsupportedSampleError(`${shape.path} cannot be typed in proto3`);
  const reason = fieldType.kind === 'scalar' && fieldType.label === '' ? presenceReason(shape, false) : undefined;
  if (reason !== undefined) {
    fieldType.label = 'optional';
    addComment(fieldType, `optional: ${reason}`);
  }
  root.fields.push({ ...fieldType, name: WRAPPER_FIELD, id: 1 });
  context.notes.push(
    `the sample is ${described}: it is encoded as { ${WRAPPER_FIELD}: sample } in message ${root.name} and unwrapped after decoding`,
  );
  return { source: renderProto(context.messages), rootType: root.name, wrappedAs: WRAPPER_FIELD, notes: context.notes };
}

/** Declares the message for an object shape (and, recursively, its field types); returns its name. */
function declareMessage(shape: ObjectShape, typeName: string, context: Context): string {
  const message: ProtoMessage = { name: context.names.take(pascalCase(typeName)), fields: [], omitted: [] };
  context.messages.push(message); // declared before its field types, so files read top-down
  context.depth += 1;
  if (context.depth > MAX_MESSAGE_DEPTH) {
    throw new UnsupportedSampleError(
      `${truncatePath(shape.path)} nests messages more than ${MAX_MESSAGE_DEPTH} deep, ` +
        'beyond the recursion limit of protobufjs and protoc: flatten the data or provide a .proto',
    );
  }
  let id = 1;
  for (const [key, field] of shape.fields) {
    if (field.shape.kind === 'null') {
      message.omitted.push(`"${key}" left out: always null in the sample, and proto3 has no null`);
      context.notes.push(
        `${field.shape.path} is always null: left out of message ${message.name}, so the round trip reports it missing`,
      );
      continue;
    }
    const hint = field.shape.kind === 'array' ? elementTypeName(key) : key;
    const fieldType = typeOfField(field.shape, hint, context);
    if (fieldType === undefined) continue;
    const optional = isOptionalField(shape, field);
    if (optional) describeOptional(field.shape, isSometimesAbsent(shape, field), fieldType, context);
    if (fieldType.label === '' && fieldType.kind === 'scalar') {
      const reason = presenceReason(field.shape, optional) ?? (context.variants.fields === 'optional' ? 'every field (variant)' : undefined);
      // protobufjs names the synthetic oneof of an optional field `_key`: it must be free.
      if (reason !== undefined && shape.fields.has(`_${key}`)) {
        addComment(fieldType, `not optional although ${reason}: "_${key}" is taken by a field`);
      } else if (reason !== undefined) {
        fieldType.label = 'optional';
        addComment(fieldType, `optional: ${reason}`);
      }
    }
    message.fields.push({ ...fieldType, name: key, id });
    id = nextFieldNumber(id);
  }
  context.depth -= 1;
  return message.name;
}

/**
 * Why a scalar needs explicit presence (`optional`), if it does. Without it proto3 does not
 * send zero values (protobufjs 8 included), so `0`, `""` and `false` would come back missing,
 * and a missing key could not be told from a zero. Fields that never hold a zero keep the
 * plain proto3 form.
 */
function presenceReason(shape: Shape, optional: boolean): string | undefined {
  if (optional) return 'missing or null in some objects';
  const zeroAt = 'zeroAt' in shape ? shape.zeroAt : undefined;
  return zeroAt === undefined ? undefined : `holds a zero value (first at ${zeroAt}), which proto3 sends only with presence`;
}

function addComment(fieldType: FieldType, comment: string): void {
  fieldType.comment = fieldType.comment ? `${fieldType.comment}; ${comment}` : comment;
}

/** Notes where a missing or null value will not come back as it was. */
function describeOptional(shape: Shape, sometimesAbsent: boolean, fieldType: FieldType, context: Context): void {
  const decodedAs =
    fieldType.label === 'repeated'
      ? 'absent (or [] with toObject arrays: true)'
      : fieldType.kind === 'map'
        ? 'absent (or {} with toObject objects: true)'
        : 'absent';
  if (shape.nullAt !== undefined) {
    context.notes.push(`${shape.nullAt} is null: proto3 has no null, so it decodes as ${decodedAs}`);
  }
  if (sometimesAbsent && decodedAs !== 'absent') {
    context.notes.push(`${shape.path} is missing from some objects: it decodes as ${decodedAs}`);
  }
}

/** The type of a field holding values of `shape`; undefined when the field is left out. */
function typeOfField(shape: Shape, typeName: string, context: Context): FieldType | undefined {
  switch (shape.kind) {
    case 'null':
      return undefined;
    case 'union':
      throw mixedTypes(shape);
    case 'array':
      return { ...typeOfElement(shape.element, typeName, context), label: 'repeated' };
    default:
      return typeOfSingle(shape, typeName, context);
  }
}

function typeOfElement(element: Shape, typeName: string, context: Context): FieldType {
  if (element.kind === 'unknown') {
    context.notes.push(`${element.path} is always empty: typed repeated string`);
    return { label: '', kind: 'scalar', type: 'string', comment: 'always empty in the sample: element type unknown' };
  }
  const problem =
    element.kind === 'null'
      ? 'holds only nulls'
      : element.nullAt !== undefined
        ? `holds a null (at ${element.nullAt}), which a repeated field cannot`
        : element.kind === 'array'
          ? 'holds arrays, which proto3 cannot nest'
          : undefined;
  if (problem !== undefined) {
    throw new UnsupportedSampleError(
      `the array at ${parentPath(element.path)} ${problem}. ` +
        'Reshape the data (for nested arrays, wrap each inner array in an object such as {"values": [...]}) or provide a .proto.',
    );
  }
  if (element.kind === 'union') throw mixedTypes(element);
  return typeOfSingle(element, typeName, context);
}

function mixedTypes(shape: UnionShape): UnsupportedSampleError {
  return new UnsupportedSampleError(
    `mixed types, ${describeUnion(shape)}: a proto3 field has one type. ` +
      'Give these values one type, or write a .proto with a oneof and provide it.',
  );
}

/** A scalar, a message, or a map: anything but repeated, union or null. */
function typeOfSingle(shape: Shape, typeName: string, context: Context): FieldType {
  switch (shape.kind) {
    case 'boolean':
      return { label: '', kind: 'scalar', type: 'bool' };
    case 'string':
      return { label: '', kind: 'scalar', type: 'string' };
    case 'double':
      return context.variants.doubles === 'float'
        ? { label: '', kind: 'scalar', type: 'float', comment: 'float: 32-bit (variant), values are rounded' }
        : { label: '', kind: 'scalar', type: 'double' };
    case 'integer':
      return integerType(shape, context);
    case 'object':
      if (hasOnlyFieldNameKeys(shape)) {
        return { label: '', kind: 'message', type: declareMessage(shape, typeName, context) };
      }
      return mapType(shape, typeName, context);
    default:
      throw new UnsupportedSampleError(`${shape.path} is ${describeKind(shape)}, which proto3 cannot type here`);
  }
}

function integerType(shape: IntegerShape, context: Context): FieldType {
  // Negative int32/int64 values take 10 bytes on the wire; zigzag (sint) keeps them short.
  const signed = shape.min < 0;
  const encoding = context.variants.integers;
  if (shape.min >= INT32_MIN && shape.max <= INT32_MAX) {
    if (encoding !== 'auto') return integerVariant(encoding, '32');
    return signed
      ? { label: '', kind: 'scalar', type: 'sint32', comment: 'sint32: has negative values, zigzag-encoded' }
      : { label: '', kind: 'scalar', type: 'int32' };
  }
  if (shape.min >= -INT64_LIMIT && shape.max < INT64_LIMIT) {
    const type = encoding === 'auto' ? (signed ? 'sint64' : 'int64') : integerVariant(encoding, '64').type;
    context.notes.push(
      `${shape.path}: integers beyond 32 bits are typed ${type}; protobufjs decodes them as Long objects (toObject with longs: Number turns them back into numbers)`,
    );
    return { label: '', kind: 'scalar', type, comment: `${type}: values from ${shape.min} to ${shape.max} exceed 32 bits` };
  }
  context.notes.push(`${shape.path}: integers beyond the 64-bit range are typed double`);
  return { label: '', kind: 'scalar', type: 'double', comment: 'double: integers beyond the 64-bit range' };
}

/** The integer type a variant asks for, for values of one width. */
function integerVariant(encoding: 'varint' | 'zigzag' | 'fixed', bits: '32' | '64'): FieldType {
  const type = { varint: 'int', zigzag: 'sint', fixed: 'sfixed' }[encoding] + bits;
  return { label: '', kind: 'scalar', type, comment: `${type}: integers ${encoding} (variant)` };
}

/** Keys that cannot be field names fit `map<string, T>` when every value has the same type. */
function mapType(shape: ObjectShape, typeName: string, context: Context): FieldType {
  const invalidKey = [...shape.fields.keys()].find((key) => !isSchemaIdentifier(key)) ?? '';
  let values: Shape = { kind: 'unknown', path: shape.path };
  for (const field of shape.fields.values()) values = mergeShapes(values, field.shape);
  const problem =
    values.kind === 'union'
      ? `its values mix ${describeUnion(values)}`
      : values.kind === 'null' || values.nullAt !== undefined
        ? `a value is null (at ${values.nullAt ?? values.path}), which a map cannot hold`
        : values.kind === 'array'
          ? 'its values are arrays, which a map cannot hold'
          : values.kind === 'object' && !hasOnlyFieldNameKeys(values)
            ? `its values are objects with keys that are not field names either (at ${values.path}), and maps cannot nest`
            : undefined;
  if (problem !== undefined) {
    throw new UnsupportedSampleError(
      `${shape.path} has the key ${JSON.stringify(invalidKey)}, which is not a proto field name ` +
        `([A-Za-z_][A-Za-z0-9_]*), so it must be a map, but ${problem}. Rename the keys or provide a .proto.`,
    );
  }
  const valueType = typeOfSingle(values, `${typeName}Value`, context).type;
  context.notes.push(
    `${shape.path} has keys that are not field names (such as ${JSON.stringify(invalidKey)}): typed map<string, ${valueType}>`,
  );
  return { label: '', kind: 'map', type: `map<string, ${valueType}>`, comment: 'map: its keys are not all valid field names' };
}

/** Whether every key can be a field name (`__proto__` never can: see names.ts). */
function hasOnlyFieldNameKeys(shape: ObjectShape): boolean {
  for (const key of shape.fields.keys()) {
    if (isPrototypeKey(key)) {
      throw new UnsupportedSampleError(
        `${shape.path} has a "__proto__" key: decoders would set the object's prototype instead of a field`,
      );
    }
    if (!isSchemaIdentifier(key)) return false;
  }
  return true;
}

/** `$.a[3]` → `$.a`: element paths name the array in error messages. */
function parentPath(path: string): string {
  return path.replace(/\[\d+\]$/, '');
}
