/**
 * The schema model of a user's .fbs, read from the binary schema flatc writes for it
 * (`flatc -b --schema`: a FlatBuffer of reflection.fbs), so the schema is understood by flatc
 * itself, not re-parsed here. The JSON a sample holds is what flatc's own JSON would be: keys
 * are the field names, enums their names, a [ubyte] a list of numbers.
 *
 * reflection.fbs is read through its vtable slots (its layout is fixed: fields only ever get
 * added at the end). Objects and fields come sorted by name; fields are put back in id order.
 */
import { ByteBuffer } from 'flatbuffers';
import { UntranslatableSchemaError } from '../../../schema/translate/model-from-avro';
import type { EnumType, ModelField, ModelType, RecordType, ScalarKind, SchemaModel, UnionType } from '../../../schema/translate/model';

/** reflection.fbs's BaseType. */
enum Base {
  None,
  UType,
  Bool,
  Byte,
  UByte,
  Short,
  UShort,
  Int,
  UInt,
  Long,
  ULong,
  Float,
  Double,
  String,
  Vector,
  Obj,
  Union,
  Array,
}

const SCALARS: Partial<Record<Base, ScalarKind>> = {
  [Base.Bool]: 'bool',
  [Base.Byte]: 'int8',
  [Base.UByte]: 'uint8',
  [Base.Short]: 'int16',
  [Base.UShort]: 'uint16',
  [Base.Int]: 'int32',
  [Base.UInt]: 'uint32',
  [Base.Long]: 'int64',
  [Base.ULong]: 'uint64',
  [Base.Float]: 'float32',
  [Base.Double]: 'float64',
  [Base.String]: 'string',
};

const WIDTHS: Partial<Record<Base, number>> = {
  [Base.Byte]: 1,
  [Base.UByte]: 1,
  [Base.Short]: 2,
  [Base.UShort]: 2,
  [Base.Int]: 4,
  [Base.UInt]: 4,
  [Base.Long]: 8,
  [Base.ULong]: 8,
};

/** A table of reflection.fbs at `position`, read by vtable slot. */
class Table {
  constructor(
    readonly bb: ByteBuffer,
    readonly position: number,
  ) {}
  private offset(slot: number): number {
    return this.bb.__offset(this.position, 4 + 2 * slot);
  }
  string(slot: number): string {
    const offset = this.offset(slot);
    return offset ? (this.bb.__string(this.position + offset) as string) : '';
  }
  table(slot: number): Table | undefined {
    const offset = this.offset(slot);
    return offset ? new Table(this.bb, this.bb.__indirect(this.position + offset)) : undefined;
  }
  tables(slot: number): Table[] {
    const offset = this.offset(slot);
    if (!offset) return [];
    const start = this.bb.__vector(this.position + offset);
    return Array.from({ length: this.bb.__vector_len(this.position + offset) }, (_, index) => new Table(this.bb, this.bb.__indirect(start + 4 * index)));
  }
  uint8(slot: number, otherwise = 0): number {
    const offset = this.offset(slot);
    return offset ? this.bb.readUint8(this.position + offset) : otherwise;
  }
  uint16(slot: number): number {
    const offset = this.offset(slot);
    return offset ? this.bb.readUint16(this.position + offset) : 0;
  }
  int32(slot: number, otherwise: number): number {
    const offset = this.offset(slot);
    return offset ? this.bb.readInt32(this.position + offset) : otherwise;
  }
  int64(slot: number): number {
    const offset = this.offset(slot);
    return offset ? Number(this.bb.readInt64(this.position + offset)) : 0;
  }
  float64(slot: number): number {
    const offset = this.offset(slot);
    return offset ? this.bb.readFloat64(this.position + offset) : 0;
  }
  bool(slot: number): boolean {
    return this.uint8(slot) !== 0;
  }
}

/** `attributes` (a vector of KeyValue: key 0, value 1) names `key`. */
const hasAttribute = (table: Table, slot: number, key: string): boolean => table.tables(slot).some((pair) => pair.string(0) === key);

/** Schema: objects, enums, file_ident, file_ext, root_table. Object: name, fields, is_struct. */
export function modelFromBinarySchema(bfbs: Uint8Array): { model: SchemaModel; structs: Set<RecordType>; identifier?: string } {
  const bb = new ByteBuffer(bfbs);
  const schema = new Table(bb, bb.readInt32(bb.position()) + bb.position());
  const objects = schema.tables(0);
  const enums = schema.tables(1);
  const rootTable = schema.table(4);
  if (!rootTable) throw new UntranslatableSchemaError('the schema has no root_type: FlatBuffers needs one to know what a buffer holds');
  const named: SchemaModel['named'] = [];
  const records = new Map<number, RecordType>();
  const structs = new Set<RecordType>();
  const enumTypes = new Map<number, EnumType | UnionType>();
  const shortName = (name: string) => name.split('.').at(-1)!;

  const recordOf = (index: number): RecordType => {
    const known = records.get(index);
    if (known) return known;
    const object = objects[index]!;
    const record: RecordType = { kind: 'record', name: shortName(object.string(0)), fields: [] };
    records.set(index, record);
    named.push(record);
    if (object.bool(2)) structs.add(record);
    // Field: name 0, type 1, id 2, default_integer 4, default_real 5, deprecated 6, required 7, optional 11.
    const fields = object
      .tables(1)
      .filter((field) => !field.bool(6))
      .sort((a, b) => a.uint16(2) - b.uint16(2));
    record.fields = fields.flatMap((field): ModelField[] => {
      const type = field.table(1)!;
      if (type.uint8(0) === Base.UType) return []; // a union's `_type`: read with its union
      const name = field.string(0);
      const where = `${record.name}.${name}`;
      const inner = typeOf(type, where);
      const isScalar = (inner.kind === 'scalar' && inner.scalar !== 'string') || inner.kind === 'enum';
      // Table fields other than plain scalars may be absent; structs' fields never are.
      const nullable = !structs.has(record) && !field.bool(7) && (isScalar ? field.bool(11) : true);
      const modelField: ModelField = { key: name, name, slot: field.uint16(2), type: nullable ? { kind: 'nullable', inner } : inner };
      if (inner.kind === 'union') modelField.typeKey = `${name}_type`;
      // What an absent scalar reads as: the schema's default (a struct's fields are always there).
      if (isScalar && !nullable && !structs.has(record)) modelField.default = defaultOf(inner, field.int64(4), field.float64(5));
      return [modelField];
    });
    return record;
  };

  // Type: base_type 0, element 1, index 2 (-1: none).
  const typeOf = (type: Table, where: string): ModelType => {
    const base = type.uint8(0) as Base;
    const index = type.int32(2, -1);
    if (base === Base.Obj) return recordOf(index);
    if (base === Base.Union) return unionOf(index, where);
    if (base === Base.Vector) {
      const element = type.uint8(1) as Base;
      if (element === Base.Obj) return { kind: 'list', element: recordOf(index) };
      if (element === Base.Union) throw new UntranslatableSchemaError(`${where}: a vector of unions`);
      return { kind: 'list', element: index >= 0 ? enumOf(index) : scalarOf(element, where) };
    }
    if (base === Base.Array) throw new UntranslatableSchemaError(`${where}: a fixed-length array in a struct`);
    return index >= 0 ? enumOf(index) : scalarOf(base, where);
  };

  // Enum: name 0, values 1, is_union 2. EnumVal: name 0, value 1, union_type 3.
  const enumOf = (index: number): EnumType => {
    const known = enumTypes.get(index);
    if (known?.kind === 'enum') return known;
    // Enum: underlying_type 3, attributes 4.
    const values = enums[index]!.tables(1);
    const underlying = enums[index]!.table(3)?.uint8(0);
    const type: EnumType = {
      kind: 'enum',
      name: shortName(enums[index]!.string(0)),
      symbols: values.map((value) => value.string(0)),
      values: values.map((value) => value.int64(1)),
    };
    if (underlying === Base.Long || underlying === Base.ULong) type.wide = true;
    if (underlying !== undefined) type.width = WIDTHS[underlying as Base];
    if (hasAttribute(enums[index]!, 4, 'bit_flags')) type.flags = true;
    enumTypes.set(index, type);
    named.push(type);
    return type;
  };

  const unionOf = (index: number, where: string): UnionType => {
    const known = enumTypes.get(index);
    if (known?.kind === 'union') return known;
    const members = enums[index]!.tables(1).filter((value) => value.int64(1) !== 0);
    const branches = members.map((member) => {
      const table = member.table(3)!.int32(2, -1);
      if (table < 0) throw new UntranslatableSchemaError(`${where}: a union member ${member.string(0)} that is not a table (a struct or a string)`);
      return { name: member.string(0), type: recordOf(table), accepts: 'object' as const, tag: member.int64(1) };
    });
    // Which member a JSON object is: the sample says it in `<field>_type`, as flatc's JSON does.
    const union: UnionType = { kind: 'union', name: shortName(enums[index]!.string(0)), branches };
    enumTypes.set(index, union);
    named.push(union);
    return union;
  };

  const rootIndex = objects.findIndex((object) => object.string(0) === rootTable.string(0));
  const root = recordOf(rootIndex);
  const identifier = schema.string(2);
  return { model: { root, named, notes: [] }, structs, ...(identifier ? { identifier } : {}) };
}

/** A scalar's default as its JSON value: flatc stores integers (bools, enums) and reals apart. */
function defaultOf(type: ModelType, integer: number, real: number): unknown {
  if (type.kind === 'enum') return enumName(type, integer);
  if (type.kind !== 'scalar') return undefined;
  if (type.scalar === 'bool') return integer !== 0;
  return type.scalar === 'float32' || type.scalar === 'float64' ? real : integer;
}

/** An enum number as flatc's JSON writes it: its symbol, a bit flags' set names, or the number. */
export function enumName(type: EnumType, value: number): string | number {
  // flatc's enums are read as numbers here (values up to 2^53 are exact: bit 40 of LongEnum is).
  const values = type.values ?? type.symbols.map((_, index) => index);
  const exact = values.indexOf(value);
  if (exact >= 0) return type.symbols[exact]!;
  if (!type.flags || value <= 0) return value;
  const names = type.symbols.filter((_, index) => values[index]! > 0 && (BigInt(value) & BigInt(values[index]!)) === BigInt(values[index]!));
  const covered = names.reduce((sum, name) => sum | BigInt(values[type.symbols.indexOf(name)]!), 0n);
  return covered === BigInt(value) ? names.join(' ') : value;
}

function scalarOf(base: Base, where: string): ModelType {
  const scalar = SCALARS[base];
  if (!scalar) throw new UntranslatableSchemaError(`${where}: a type Payload Lab does not read (${Base[base] ?? base})`);
  return { kind: 'scalar', scalar };
}
