/**
 * The schema model of a user's .capnp, read from the CodeGeneratorRequest `capnp compile -o-`
 * writes (the compiler's own understanding of the schema: ids, ordinals, layout), through
 * capnp-es's schema classes. JSON keys are the field names; a nullable number is a group
 * union of a Void member and one named `value` (the shape the translations write); the root
 * is the struct `rootType` names, else the file's last top-level struct no other refers to.
 * What the glue cannot drive (a struct mixing a union with other fields, other groups, lists
 * of lists, interfaces, AnyPointer) is named as the reason the row is skipped.
 */
import * as capnp from 'capnp-es';
import { CodeGeneratorRequest, Field, Node, Type, Value, type Node as SchemaNode } from 'capnp-es/capnp/schema';
import { UntranslatableSchemaError } from '../../../schema/translate/model-from-avro';
import {
  jsonKindOf,
  type EnumType,
  type ModelField,
  type ModelType,
  type RecordType,
  type ScalarKind,
  type SchemaModel,
  type UnionType,
} from '../../../schema/translate/model';
import { VALUE_MEMBER } from '../../../schema/translate/to-capnp';
import { isMaskedUint32 } from '../capnp-glue';

/** Field.discriminantValue of a field outside any union. */
const NO_DISCRIMINANT = 0xffff;

const SCALARS: Partial<Record<number, ScalarKind>> = {
  [Type.BOOL]: 'bool',
  [Type.INT8]: 'int8',
  [Type.INT16]: 'int16',
  [Type.INT32]: 'int32',
  [Type.INT64]: 'int64',
  [Type.UINT8]: 'uint8',
  [Type.UINT16]: 'uint16',
  [Type.UINT32]: 'uint32',
  [Type.UINT64]: 'uint64',
  [Type.FLOAT32]: 'float32',
  [Type.FLOAT64]: 'float64',
  [Type.TEXT]: 'string',
  [Type.DATA]: 'bytes',
};

const shortName = (node: SchemaNode) => node.displayName.slice(node.displayNamePrefixLength);

function openRequest(request: Uint8Array): { nodes: Map<bigint, SchemaNode>; requested: Set<bigint> } {
  const generatorRequest = new capnp.Message(request, false).getRoot(CodeGeneratorRequest);
  const nodes = new Map<bigint, SchemaNode>();
  for (const node of generatorRequest.nodes) nodes.set(node.id, node);
  return { nodes, requested: new Set([...generatorRequest.requestedFiles].map((file) => file.id)) };
}

/** The structs a root may be (for the editor's pick), and the one taken when none is named. */
export function capnpRootChoices(request: Uint8Array): { names: string[]; defaultName?: string } {
  const { nodes, requested } = openRequest(request);
  const { structs, unreferenced } = rootCandidates([...nodes.values()], requested);
  return { names: structs.map(shortName), ...(unreferenced ? { defaultName: shortName(unreferenced) } : {}) };
}

export function modelFromCodeGeneratorRequest(request: Uint8Array, rootType?: string): SchemaModel {
  const { nodes, requested } = openRequest(request);
  const named: SchemaModel['named'] = [];
  const made = new Map<bigint, RecordType | UnionType | EnumType>();
  // capnp-es names nested types Outer_Inner; the display name says Outer.Inner.
  const className = (node: SchemaNode) => node.displayName.slice(node.displayName.indexOf(':') + 1).replace(/\./g, '_');

  const structOf = (id: bigint, where: string): RecordType | UnionType => {
    const known = made.get(id);
    if (known && known.kind !== 'enum') return known;
    const node = nodes.get(id)!;
    const fields = [...node.struct.fields].sort((a, b) => a.codeOrder - b.codeOrder);
    const inUnion = fields.filter((field) => field.discriminantValue !== NO_DISCRIMINANT);
    if (inUnion.length > 0 && inUnion.length < fields.length) {
      throw new UntranslatableSchemaError(
        `${where} (${shortName(node)}): a struct mixing a union with other fields; Payload Lab drives structs that are all union or have none`,
      );
    }
    if (inUnion.length > 0) {
      const union: UnionType = { kind: 'union', name: className(node), branches: [] };
      made.set(id, union);
      named.push(union);
      union.branches = [...inUnion]
        .sort((a, b) => a.discriminantValue - b.discriminantValue)
        .map((field) => {
          const type = fieldType(field, `${where}.${field.name}`);
          const accepts = jsonKindOf(type);
          if (!accepts || union.branches.some((branch) => branch.accepts === accepts))
            throw new UntranslatableSchemaError(`${where}: a union whose members a JSON value cannot tell apart`);
          return { name: field.name, type, accepts };
        });
      return union;
    }
    const record: RecordType = { kind: 'record', name: className(node), fields: [] };
    made.set(id, record);
    named.push(record);
    record.fields = fields.map((field): ModelField => {
      const type = fieldType(field, `${where}.${field.name}`);
      const slot = field.which() === Field.SLOT && isPointer(type) ? field.slot.offset : undefined;
      // A number's, bool's or enum's default is what an unset field reads as (capnp XORs it into the bits).
      const fallback = field.which() === Field.SLOT && !isPointer(type) ? defaultOf(field.slot.defaultValue, type) : undefined;
      return { key: field.name, name: field.name, type, ...(slot === undefined ? {} : { slot }), ...(fallback === undefined ? {} : { default: fallback }) };
    });
    return record;
  };

  const fieldType = (field: Field, where: string): ModelType => {
    if (field.which() === Field.GROUP) return nullableGroup(field.group.typeId, where);
    const type = typeOf(field.slot.type, where);
    // Pointers may be null: text, data, lists and structs read as null where nothing was set.
    return isPointer(type) ? { kind: 'nullable', inner: type } : type;
  };

  /**
   * `x :union { none @n :Void; value @m :T }`, as the translations write a nullable number; any
   * other group that is all union (`employment :union { … }`) is one key of its members.
   */
  const nullableGroup = (id: bigint, where: string): ModelType => {
    const node = nodes.get(id)!;
    const members = [...node.struct.fields].sort((a, b) => a.discriminantValue - b.discriminantValue);
    const [none, value] = members;
    const shaped =
      members.length === 2 &&
      none!.which() === Field.SLOT &&
      none!.slot.type.which() === Type.VOID &&
      value!.name === VALUE_MEMBER &&
      value!.which() === Field.SLOT;
    const inner = shaped ? typeOf(value!.slot.type, where) : undefined;
    if (inner && !isPointer(inner)) return { kind: 'nullable', inner };
    const allUnion = members.length > 0 && members.every((member) => member.discriminantValue !== NO_DISCRIMINANT && member.which() === Field.SLOT);
    if (!allUnion)
      throw new UntranslatableSchemaError(
        `${where}: a group that is not one union of plain members; Payload Lab reads a group that is a union (one key of its members) or a nullable number: union { none :Void; ${VALUE_MEMBER} :T }`,
      );
    const known = made.get(id);
    if (known?.kind === 'record') return known;
    const record: RecordType = { kind: 'record', name: className(node), fields: [], oneOf: true };
    made.set(id, record);
    named.push(record);
    // A member is read only when its group says it is the one set: no null to tell apart.
    record.fields = members.map((member) => ({
      key: member.name,
      name: member.name,
      tag: member.discriminantValue,
      type: typeOf(member.slot.type, `${where}.${member.name}`),
    }));
    return record;
  };

  const typeOf = (type: Type, where: string): ModelType => {
    const which = type.which();
    if (which === Type.VOID) return { kind: 'null' };
    const scalar = SCALARS[which];
    if (scalar) return { kind: 'scalar', scalar };
    if (which === Type.ENUM) return enumOf(type.enum.typeId);
    if (which === Type.STRUCT) return structOf(type.struct.typeId, where);
    if (which === Type.LIST) {
      const element = typeOf(type.list.elementType, `${where}[*]`);
      if (element.kind === 'list' || (element.kind === 'scalar' && element.scalar === 'bytes'))
        throw new UntranslatableSchemaError(`${where}: a list of lists or of data (capnp-es generates no initialiser for them)`);
      return { kind: 'list', element };
    }
    throw new UntranslatableSchemaError(`${where}: an interface or AnyPointer, which hold no JSON value`);
  };

  const enumOf = (id: bigint): EnumType => {
    const known = made.get(id);
    if (known?.kind === 'enum') return known;
    const node = nodes.get(id)!;
    const type: EnumType = {
      kind: 'enum',
      name: className(node),
      symbols: [...node.enum.enumerants].sort((a, b) => a.codeOrder - b.codeOrder).map((enumerant) => enumerant.name),
    };
    made.set(id, type);
    named.push(type);
    return type;
  };

  const root = chooseRoot([...nodes.values()], requested, rootType);
  const model = structOf(root.id, '$');
  if (model.kind !== 'record') throw new UntranslatableSchemaError(`${shortName(root)}: the root is a union; give a struct with fields`);
  const masked = named.some((type) => type.kind === 'record' && type.fields.some(isMaskedUint32));
  return { root: model, named, notes: masked ? [{ code: 'capnp-es-uint32-default' }] : [] };
}

/** A data field's default as its JSON value (the enumerant's name; a 64-bit integer as a number). */
function defaultOf(value: Value, type: ModelType): unknown {
  switch (value.which()) {
    case Value.BOOL:
      return value.bool;
    case Value.INT8:
      return value.int8;
    case Value.INT16:
      return value.int16;
    case Value.INT32:
      return value.int32;
    case Value.INT64:
      return Number(value.int64);
    case Value.UINT8:
      return value.uint8;
    case Value.UINT16:
      return value.uint16;
    case Value.UINT32:
      return value.uint32;
    case Value.UINT64:
      return Number(value.uint64);
    case Value.FLOAT32:
      return value.float32;
    case Value.FLOAT64:
      return value.float64;
    case Value.ENUM:
      return type.kind === 'enum' ? type.symbols[value.enum] : undefined;
    default:
      return undefined;
  }
}

function isPointer(type: ModelType): boolean {
  return (
    type.kind === 'list' || type.kind === 'record' || type.kind === 'union' || (type.kind === 'scalar' && (type.scalar === 'string' || type.scalar === 'bytes'))
  );
}

/** The struct `rootType` names; else the file's last top-level struct that no struct refers to. */
function chooseRoot(nodes: SchemaNode[], requested: Set<bigint>, rootType: string | undefined): SchemaNode {
  const { structs, unreferenced } = rootCandidates(nodes, requested);
  if (rootType !== undefined) {
    const named = structs.find((node) => shortName(node) === rootType || node.displayName.endsWith(`:${rootType}`));
    if (!named) throw new UntranslatableSchemaError(`no struct '${rootType}' in the schema (it declares: ${structs.map(shortName).join(', ')})`);
    return named;
  }
  if (!unreferenced) throw new UntranslatableSchemaError('the schema declares no top-level struct');
  return unreferenced;
}

/** Every struct (groups are not types of their own), and the file's last top-level one no struct refers to. */
function rootCandidates(nodes: SchemaNode[], requested: Set<bigint>): { structs: SchemaNode[]; unreferenced: SchemaNode | undefined } {
  const structs = nodes.filter((node) => node.which() === Node.STRUCT && !node.struct.isGroup);
  const referenced = new Set<bigint>();
  const note = (type: Type) => {
    if (type.which() === Type.STRUCT) referenced.add(type.struct.typeId);
    if (type.which() === Type.LIST) note(type.list.elementType);
  };
  for (const node of structs) for (const field of node.struct.fields) if (field.which() === Field.SLOT) note(field.slot.type);
  // A file node lists its declarations in the order written (the request's nodes are not).
  const byId = new Map(structs.map((node) => [node.id, node]));
  const declared = nodes.filter((node) => requested.has(node.id)).flatMap((file) => [...file.nestedNodes].map((nested) => byId.get(nested.id)));
  const topLevel = declared.filter((node): node is SchemaNode => node !== undefined);
  // The pick lists top-level structs in the order written, then nested ones.
  const ordered = [...topLevel, ...structs.filter((node) => !topLevel.includes(node))];
  return { structs: ordered, unreferenced: topLevel.filter((node) => !referenced.has(node.id)).at(-1) };
}
