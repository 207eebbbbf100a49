/**
 * A FlatBuffers schema (.fbs) for a schema model, field by field, with a note for each choice.
 * Records of fixed-size fields only are structs (inline, no vtable: 24 bytes for the tuples'
 * `{x: int32, y: double, z: double}`, padding included); every other record is a table, whose
 * fields may be absent, which is how null is written. FlatBuffers has no maps (a list of
 * entries), no nested vectors and no scalars in unions (wrapper tables: lower.ts).
 */
import { fieldNames } from './identifiers';
import { lowerModel } from './lower';
import { commentText } from '../schema-words';
import { isFixedSize, type ModelType, type RecordType, type ScalarKind, type SchemaModel } from './model';
import { unionBranchRecords } from './model-walk';
import { noteFields, spellType, type FieldChoices, type TypeSpelling } from './field-notes';
import type { NoteFact } from '../../shared/results';

export interface FlatBuffersTranslation {
  language: 'fbs';
  text: string;
  /** The lowered model the text declares (root: a table). */
  model: SchemaModel;
  /** Records declared as structs; every other record is a table. */
  structs: Set<RecordType>;
  /** A user's file_identifier: written at bytes 4–7, as flatc -b does. */
  identifier?: string;
  /** A user's schema: the files it includes, by the name it includes them under. */
  includes?: Record<string, string>;
  notes: NoteFact[];
}

export const FBS_SCALARS: Record<ScalarKind, string> = {
  bool: 'bool',
  int8: 'byte',
  uint8: 'ubyte',
  int16: 'short',
  uint16: 'ushort',
  int32: 'int',
  uint32: 'uint',
  int64: 'long',
  uint64: 'ulong',
  float32: 'float',
  float64: 'double',
  string: 'string',
  bytes: '[ubyte]',
};

export function translateToFbs(source: SchemaModel): FlatBuffersTranslation {
  const model = lowerModel(source, {
    language: 'FlatBuffers',
    listElement: (type) =>
      type.kind === 'null' ||
      type.kind === 'enum' ||
      type.kind === 'json-text' ||
      (type.kind === 'record' && !type.wraps) ||
      (type.kind === 'scalar' && type.scalar !== 'bytes'),
    mapValue: () => true,
    unionBranch: (type) => type.kind === 'record',
    mapEntries: true,
  });
  const branches = unionBranchRecords(model);
  const structs = new Set(model.named.filter((type): type is RecordType => type.kind === 'record' && isStruct(type, model, branches)));
  const { notes, comments } = noteFields(model, 'fbs', FBS_CHOICES);
  if (structs.size > 0) notes.add({ code: 'fbs-structs', structs: [...structs].map((struct) => struct.name) });
  const scalarsUsed = new Set<string>();
  const lines: string[] = ['// Translated by Payload Lab from the schema of the run, field by field (see the notes).', ''];
  const declare = (record: RecordType) => {
    const names = fieldNames(record, 'snake');
    lines.push(`${structs.has(record) ? 'struct' : 'table'} ${record.name} {`);
    record.fields.forEach((field, index) => {
      if (field.type.kind === 'null') {
        lines.push(`  // ${names[index]}: always null in the schema, not written (decode gives null)`);
        return;
      }
      const comment = comments.get(`${record.name}.${index}`);
      lines.push(`  ${names[index]}:${fieldType(field.type, scalarsUsed)};${comment ? `  // ${commentText(comment)}` : ''}`);
    });
    lines.push('}', '');
  };
  // flatc needs enums and unions declared before their use; tables may be referred to ahead.
  for (const type of model.named) {
    if (type.kind === 'enum') lines.push(`enum ${type.name} : ubyte { ${type.symbols.join(', ')} }`, '');
    if (type.kind === 'union') lines.push(`union ${type.name} { ${type.branches.map((branch) => (branch.type as RecordType).name).join(', ')} }`, '');
  }
  for (const type of model.named) if (type.kind === 'record') declare(type);
  lines.push(`root_type ${(model.root as RecordType).name};`, '');
  notes.add({ code: 'translated-types', language: 'fbs', types: [...scalarsUsed] });
  return { language: 'fbs', text: lines.join('\n'), model, structs, notes: notes.list() };
}

/** A struct: fixed-size, non-null fields only; not the root and not a union member (those must be tables). */
function isStruct(record: RecordType, model: SchemaModel, branches: Set<RecordType>): boolean {
  return record !== model.root && !record.wraps && !branches.has(record) && record.fields.length > 0 && record.fields.every((field) => isFixedSize(field.type));
}

const FBS_SPELLING: TypeSpelling = {
  scalars: FBS_SCALARS,
  list: (element) => `[${element}]`,
  map: (type) => `[${type.entry!.name}]`,
  null: 'ubyte',
};

/** A field's type; a nullable number, boolean or enum is an optional scalar (`= null`). */
function fieldType(type: ModelType, used: Set<string>): string {
  const spelled = spellType(type, FBS_SPELLING, used);
  return type.kind === 'nullable' && isFixedSize(type.inner) ? `${spelled} = null` : spelled;
}

const FBS_CHOICES: FieldChoices = {
  nullableScalar: { comment: 'nullable: absent when null' },
  nullableOther: { comment: 'nullable: absent when null' },
  alwaysNull: {},
  int64: {
    comment: '64-bit: BigInt in TypeScript',
  },
  union: { comment: 'union: a type byte and a table' },
  listOfNulls: {},
};
