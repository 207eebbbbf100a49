/**
 * A proto3 schema inferred from a JSON sample, as `.proto` text a reader can check. Field names
 * are the JSON keys exactly (parse with `keepCase: true`); every choice made is commented in
 * the text and listed in `notes` (grouped by kind).
 *
 * Every JSON value has a schema, written as a protobuf user would: a list of lists or a map of
 * lists holds wrapper messages, keys that are not names make a map, a few mixed kinds make a
 * oneof, and what is too irregular becomes `google.protobuf.Value`. Where the wire form differs
 * from the JSON, `adapter` converts (see proto-adapter.ts).
 */
import { UnsupportedSampleError } from './sample-contracts';
import {
  allKeys,
  describeKind,
  shapeDepth,
  inferShape,
  isOptionalField,
  messageShape,
  isSometimesAbsent,
  truncatePath,
  type MemberShape,
  type ObjectShape,
  type Shape,
  withStackGuard,
} from './shape';
import { InferenceNotes } from './inference-notes';
import { mapKeysReason, mapValuesOf, schemaTextBudget, shapeBudgets, type ShapeBudget } from './irregular';
import { elementTypeName, isPrototypeKey, pascalCase, TypeNames } from './names';
import type { JsonKind, MessageFieldAdapter, OneofBranch, ProtoAdapter } from './proto-adapter';
import { nextFieldNumber, renderProto, type ProtoMessage } from './proto-text';
import { scalarType, type FieldType } from './proto-scalars';
import { withDefaults, type SchemaVariants } from '../shared/variants';
import { protoMessageStructure, TypesByStructure } from './type-reuse';
import type { NoteFact } from '../shared/results';

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
  /** Conversion between the JSON and the messages (of the root message), where they differ. */
  adapter?: ProtoAdapter;
  /** The source imports google/protobuf/struct.proto (for google.protobuf.Value). */
  importsStruct: boolean;
  notes: NoteFact[];
}

interface Context {
  names: TypeNames;
  messages: ProtoMessage[];
  notes: InferenceNotes;
  /** Messages open around the one being declared, the root counting as 1 (for the budget). */
  depth: number;
  /**
   * Messages open on the wire around the value being typed: declared messages, and the list,
   * map and oneof messages that wrap values (what protobufjs's recursion limit counts).
   */
  wireDepth: number;
  variants: SchemaVariants;
  budget: ShapeBudget;
  usesValue: boolean;
  structures: TypesByStructure;
}

const WRAPPER_FIELD = 'value';
const VALUE_TYPE = 'google.protobuf.Value';
export const STRUCT_IMPORT = 'google/protobuf/struct.proto';
const STRUCT_TYPES = ['google', 'Struct', 'Value', 'ListValue', 'NullValue'];
/** Oneofs wider than this (null aside) become google.protobuf.Value. */
const MAX_ONEOF_MEMBERS = 3;
const BRANCH_FIELDS: Record<JsonKind, string> = {
  null: 'null_value',
  boolean: 'bool_value',
  number: 'number_value',
  string: 'string_value',
  array: 'list_value',
  object: 'object_value',
};
/**
 * protobufjs (like protoc's CodedInputStream) refuses to verify, encode or decode messages
 * nested deeper than this (`util.recursionLimit`), so a schema needing more is useless.
 */
const MAX_MESSAGE_DEPTH = 100;

/** `variants` (see variants.ts): integer encoding, float for doubles, presence on every field. */
export function inferProtoSchema(sample: unknown, variants?: Partial<SchemaVariants>): ProtoInference {
  return inferFromShape(inferShape(sample), schemaTextBudget(sample), variants);
}

/** Message mode: the schema of one message of a stream, inferred from every record of it (see inferAvroMessageSchema). */
export function inferProtoMessageSchema(records: readonly unknown[], variants?: Partial<SchemaVariants>): ProtoInference {
  return inferFromShape(messageShape(records), schemaTextBudget(records), variants);
}

function inferFromShape(shape: Shape, textBudget: number, variants: Partial<SchemaVariants> | undefined): ProtoInference {
  let inferred: ProtoInference | undefined;
  // Tighter budgets until the schema is no bigger than the sample (the last one always is).
  // google.protobuf.Value takes two messages per level of JSON, so a deep sample keeps its
  // messages: free-form it would pass protobufjs's recursion limit sooner.
  const budgets = shapeDepth(shape) > MAX_MESSAGE_DEPTH / 2 ? shapeBudgets().slice(0, 1) : shapeBudgets();
  for (const budget of budgets) {
    inferred = withStackGuard(() => protoFromShape(shape, withDefaults(variants), budget));
    if (inferred.source.length <= textBudget) break;
  }
  return inferred!;
}

function protoFromShape(shape: Shape, variants: SchemaVariants, budget: ShapeBudget): ProtoInference {
  // protoc resolves a type name against field names in scope first, so no message may be
  // named like any field.
  // struct.proto's names too: protobufjs resolves `Value` in google.protobuf.Struct to a
  // message of ours with that name, which would encode every free-form value as empty.
  const names = new TypeNames([WRAPPER_FIELD, ...STRUCT_TYPES, ...Object.values(BRANCH_FIELDS), ...allKeys(shape)]);
  const context: Context = {
    names,
    messages: [],
    notes: new InferenceNotes(),
    depth: 0,
    wireDepth: 0,
    variants,
    budget,
    usesValue: false,
    structures: new TypesByStructure(),
  };
  if (variants.doubles === 'float') context.notes.add({ code: 'proto-doubles-float' });
  if (variants.fields === 'optional') context.notes.add({ code: 'proto-fields-optional' });
  let rootType: string;
  let adapter: ProtoAdapter | null;
  let wrappedAs: string | undefined;
  if (shape.kind === 'object' && shape.nullAt === undefined && !isMapLike(shape)) {
    ({ name: rootType, adapter } = declareMessage(shape, 'Root', context));
  } else {
    ({ rootType, adapter } = wrapRoot(shape, context));
    wrappedAs = WRAPPER_FIELD;
  }
  if (adapter !== null) {
    context.notes.add({ code: 'proto-json-conversion' });
  }
  let source = renderProto(context.messages);
  if (context.usesValue) source = source.replace('syntax = "proto3";\n', `syntax = "proto3";\n\nimport "${STRUCT_IMPORT}";\n`);
  return {
    source,
    rootType,
    ...(wrappedAs === undefined ? {} : { wrappedAs }),
    ...(adapter === null ? {} : { adapter }),
    importsStruct: context.usesValue,
    notes: context.notes.list(),
  };
}

/** proto3 messages are objects: any other root becomes the single field of a `Root` message. */
function wrapRoot(shape: Shape, context: Context): { rootType: string; adapter: ProtoAdapter | null } {
  const root: ProtoMessage = { name: context.names.take('Root'), fields: [], omitted: [] };
  context.messages.push(root);
  context.depth = 1;
  const described = shape.kind === 'object' ? 'an object whose keys are not field names' : `a root ${describeKind(shape)}`;
  root.comment = `Wraps the sample (${described}) in the field "${WRAPPER_FIELD}": proto3 encodes only messages.`;
  const field = insideMessage(context, shape.path, () => fieldType(shape, shape.kind === 'array' ? 'Item' : 'Root', false, context));
  const reason = field.kind === 'scalar' && field.label === '' ? presenceReason(shape, false) : undefined;
  if (reason !== undefined) {
    field.label = 'optional';
    addComment(field, `optional: ${reason}`);
  }
  root.fields.push({ ...field, name: WRAPPER_FIELD, id: 1 });
  context.notes.add({ code: 'proto-sample-wrapped', root: shape.kind === 'object' ? 'object' : describeKind(shape), field: WRAPPER_FIELD, message: root.name });
  const adapter = messageAdapter([{ key: WRAPPER_FIELD, adapter: field.adapter, nullIfAbsent: field.nullIfAbsent === true }]);
  return { rootType: root.name, adapter };
}

function messageAdapter(fields: MessageFieldAdapter[]): ProtoAdapter | null {
  const needed = fields.filter((field) => field.adapter !== null || field.nullIfAbsent);
  return needed.length === 0 ? null : { kind: 'message', fields: needed };
}

/** Declares the message for an object shape (and, recursively, its field types). */
function declareMessage(shape: ObjectShape, typeName: string, context: Context): { name: string; adapter: ProtoAdapter | null } {
  const message: ProtoMessage = { name: context.names.take(pascalCase(typeName)), fields: [], omitted: [] };
  context.messages.push(message); // declared before its field types, so files read top-down
  context.depth += 1;
  const adapters: MessageFieldAdapter[] = [];
  insideMessage(context, shape.path, () => declareFields(shape, message, adapters, context));
  context.depth -= 1;
  // The adapter is this use's own: a shared message may be null-for-absent in one place only.
  return { name: settle(message, shape.path, context), adapter: messageAdapter(adapters) };
}

/**
 * Runs `type` one message deeper on the wire. Past protobufjs's recursion limit the sample is
 * refused here, before any library sees the schema: it would refuse to encode it anyway
 * ("max depth exceeded"), after building a schema whose type names grow with the depth.
 */
function insideMessage<T>(context: Context, path: string, type: () => T): T {
  context.wireDepth += 1;
  try {
    if (context.wireDepth > MAX_MESSAGE_DEPTH) {
      throw new UnsupportedSampleError(
        `${truncatePath(path)} nests messages more than ${MAX_MESSAGE_DEPTH} deep (objects, and lists or maps inside lists or maps, ` +
          'are messages), beyond the recursion limit of protobufjs and protoc: flatten the data or provide a .proto',
      );
    }
    return type();
  } finally {
    context.wireDepth -= 1;
  }
}

function declareFields(shape: ObjectShape, message: ProtoMessage, adapters: MessageFieldAdapter[], context: Context): void {
  let id = 1;
  for (const [key, field] of shape.fields) {
    const hint = field.shape.kind === 'array' ? elementTypeName(key) : key;
    const optional = isOptionalField(shape, field);
    const type = fieldType(field.shape, hint, isSometimesAbsent(shape, field), context);
    if (type.label === '' && type.kind === 'scalar') {
      const reason = presenceReason(field.shape, optional) ?? (context.variants.fields === 'optional' ? 'every field (variant)' : undefined);
      // protobufjs names the synthetic oneof of an optional field `_key`: it must be free.
      if (reason !== undefined && shape.fields.has(`_${key}`)) {
        addComment(type, `not optional although ${reason}: "_${key}" is taken by a field`);
      } else if (reason !== undefined) {
        type.label = 'optional';
        addComment(type, `optional: ${reason}`);
      }
    }
    message.fields.push({ label: type.label, type: type.type, name: key, id, ...(type.comment ? { comment: type.comment } : {}) });
    adapters.push({ key, adapter: type.adapter, nullIfAbsent: type.nullIfAbsent === true });
    id = nextFieldNumber(id);
  }
}

/**
 * The name for a message whose fields are complete: its own, or that of an earlier message
 * with the same fields (this one is then dropped and its name freed; see type-reuse.ts).
 */
function settle(message: ProtoMessage, path: string, context: Context): string {
  const existing = context.structures.reuse(protoMessageStructure(message), message.name);
  if (existing === undefined) return message.name;
  context.messages.splice(context.messages.indexOf(message), 1);
  context.names.release(message.name);
  context.notes.at({ code: 'proto-message-reused' }, `${truncatePath(path)} (${existing})`);
  return existing;
}

/**
 * Why a scalar needs explicit presence (`optional`), if it does. Without it proto3 does not
 * send zero values (protobufjs 8 included), so `0`, `""` and `false` would come back missing,
 * and a missing key could not be told from a zero.
 */
function presenceReason(shape: Shape, optional: boolean): string | undefined {
  if (optional) return 'missing or null in some objects';
  const zeroAt = 'zeroAt' in shape ? shape.zeroAt : undefined;
  return zeroAt === undefined ? undefined : `holds a zero value (first at ${zeroAt}), which proto3 sends only with presence`;
}

function addComment(fieldType: FieldType, comment: string): void {
  fieldType.comment = fieldType.comment ? `${fieldType.comment}; ${comment}` : comment;
}

/** The type of a message field holding values of `shape`, which some objects may lack. */
function fieldType(shape: Shape, typeName: string, sometimesAbsent: boolean, context: Context): FieldType {
  if (shape.kind === 'null' || shape.kind === 'union') return singleType(shape, typeName, context);
  if (shape.nullAt !== undefined) {
    // A scalar or message with presence tells absent from set; where the sample never lacks
    // the key, absent on the wire can only have been null.
    const plain = withoutNull(shape);
    if (!sometimesAbsent && plain.kind !== 'array' && !(plain.kind === 'object' && isMapLike(plain))) {
      const type = singleType(plain, typeName, context);
      if (type.kind === 'scalar') type.label = 'optional';
      if (type.type === VALUE_TYPE) return type;
      context.notes.at({ code: 'proto-null-fields-optional' }, shape.path);
      // Said of the wire, true of every library's code: the protobufjs row alone reads null back.
      addComment(type, `optional: null in some objects (first at ${shape.nullAt}), sent as the field left unset`);
      return { ...type, nullIfAbsent: true };
    }
    return singleType(shape, typeName, context);
  }
  if (shape.kind === 'array' || (shape.kind === 'object' && isMapLike(shape) && !overBudget(context))) {
    // proto3 cannot tell an absent list or map from an empty one: a message field can.
    if (sometimesAbsent) {
      context.notes.at({ code: 'proto-missing-lists-wrapped' }, shape.path);
      return singleType(shape, typeName, context);
    }
    if (shape.kind === 'array') {
      const element = singleType(shape.element, typeName, context);
      return { ...element, label: 'repeated', adapter: element.adapter === null ? null : { kind: 'list', element: element.adapter } };
    }
    return mapField(shape, typeName, context);
  }
  return singleType(shape, typeName, context);
}

/** A scalar or message type (no label) for any shape: what a repeated field or a map holds. */
function singleType(shape: Shape, typeName: string, context: Context): FieldType {
  if (shape.kind === 'null') {
    context.notes.at({ code: 'proto-always-null-value' }, shape.path);
    return valueType(context);
  }
  if (shape.kind === 'union' || shape.nullAt !== undefined) return choiceType(shape, typeName, context);
  switch (shape.kind) {
    case 'unknown':
      context.notes.at({ code: 'proto-empty-arrays-string' }, shape.path);
      return { label: '', kind: 'scalar', type: 'string', comment: 'always empty in the sample: element type unknown', adapter: null };
    case 'array': {
      const element = insideMessage(context, shape.path, () => singleType(shape.element, elementTypeName(typeName), context));
      context.notes.at({ code: 'proto-nested-lists-wrapped' }, shape.path);
      const list: FieldType = { ...element, label: 'repeated', adapter: element.adapter === null ? null : { kind: 'list', element: element.adapter } };
      return wrapper(`${pascalCase(typeName)}List`, list, 'a list', shape.path, context);
    }
    case 'object': {
      if (overBudget(context)) return freeForm(shape.path, 'past the budget of message types or depth', context);
      if (!isMapLike(shape)) {
        const declared = declareMessage(shape, typeName, context);
        return { label: '', kind: 'message', type: declared.name, adapter: declared.adapter };
      }
      const map = insideMessage(context, shape.path, () => mapField(shape, typeName, context));
      context.notes.at({ code: 'proto-nested-maps-wrapped' }, shape.path);
      return wrapper(`${pascalCase(typeName)}Map`, map, 'a map', shape.path, context);
    }
    default:
      return scalarType(shape, context.variants, context.notes);
  }
}

/** `message XList { repeated T value = 1; }`: a list or map where proto3 wants one value. */
function wrapper(name: string, inner: FieldType, what: string, path: string, context: Context): FieldType {
  const message: ProtoMessage = { name: context.names.take(name), fields: [], omitted: [] };
  message.comment = `Wraps ${what} where proto3 allows only a message (unwrapped when decoding).`;
  context.messages.push(message);
  message.fields.push({ label: inner.label, type: inner.type, name: WRAPPER_FIELD, id: 1, ...(inner.comment ? { comment: inner.comment } : {}) });
  return { label: '', kind: 'message', type: settle(message, path, context), adapter: { kind: 'wrap', inner: inner.adapter } };
}

/** `map<string, T>` for an object whose keys are data rather than field names. */
function mapField(shape: ObjectShape, typeName: string, context: Context): FieldType {
  context.notes.at({ code: 'proto-map-keys', keys: mapKeysReason(shape) ?? { kind: 'data' } }, shape.path);
  const value = singleType(mapValuesOf(shape), `${typeName}Value`, context);
  return {
    label: '',
    kind: 'map',
    type: `map<string, ${value.type}>`,
    comment: 'map: its keys are data, not field names',
    adapter: value.adapter === null ? null : { kind: 'map', value: value.adapter },
  };
}

/** A message with a oneof, one branch per kind (null included), or Value when they are many. */
function choiceType(shape: Shape, typeName: string, context: Context): FieldType {
  const members: MemberShape[] = shape.kind === 'union' ? shape.members : [withoutNull(shape) as MemberShape];
  if (members.length > MAX_ONEOF_MEMBERS) return freeForm(shape.path, `mixes ${members.length} kinds`, context);
  if (overBudget(context)) return freeForm(shape.path, 'past the budget of message types or depth', context);
  const message: ProtoMessage = { name: context.names.take(`${pascalCase(typeName)}Choice`), fields: [], omitted: [] };
  message.comment = 'One of the kinds of value found at this path (a oneof: JSON mixes them, proto3 fields have one type).';
  context.messages.push(message);
  const branches: OneofBranch[] = [];
  let id = 1;
  if (shape.nullAt !== undefined) {
    context.usesValue = true;
    message.fields.push({ label: '', type: 'google.protobuf.NullValue', name: BRANCH_FIELDS.null, id: id++, oneof: 'kind' });
    branches.push({ kind: 'null', field: BRANCH_FIELDS.null, adapter: null });
  }
  for (const member of members) {
    const kind: JsonKind = member.kind === 'integer' || member.kind === 'double' ? 'number' : member.kind;
    const type = insideMessage(context, shape.path, () => singleType(member, typeName, context));
    message.fields.push({ label: '', type: type.type, name: BRANCH_FIELDS[kind], id: id++, oneof: 'kind' });
    branches.push({ kind, field: BRANCH_FIELDS[kind], adapter: type.adapter });
  }
  context.notes.at({ code: 'proto-oneof', mixed: shape.kind === 'union' }, shape.path);
  return { label: '', kind: 'message', type: settle(message, shape.path, context), adapter: { kind: 'oneof', branches } };
}

function freeForm(path: string, reason: string, context: Context): FieldType {
  context.notes.at({ code: 'proto-free-form-value' }, `${path} (${reason})`);
  return valueType(context);
}

function valueType(context: Context): FieldType {
  context.usesValue = true;
  return { label: '', kind: 'message', type: VALUE_TYPE, comment: 'free-form JSON', adapter: { kind: 'json' } };
}

/** Whether an object is typed as a map rather than a message (see irregular.ts). */
function isMapLike(shape: ObjectShape): boolean {
  for (const key of shape.fields.keys()) {
    if (isPrototypeKey(key)) {
      throw new UnsupportedSampleError(`${shape.path} has a "__proto__" key: decoders would set the object's prototype instead of a field`);
    }
  }
  return mapKeysReason(shape) !== undefined;
}

/** Past the budget, objects and mixed kinds become free-form. */
function overBudget(context: Context): boolean {
  return context.depth >= context.budget.depth || context.messages.length >= context.budget.records;
}

function withoutNull(shape: Shape): Shape {
  const { nullAt: _dropped, ...rest } = shape;
  return rest as Shape;
}
