/**
 * A FlatBuffers schema (.fbs) for a schema model, field by field, with a note for each choice.
 * Records of fixed-size fields only are structs (inline, no vtable: 24 bytes for the tuples'
 * `{x: int32, y: double, z: double}`, padding included); every other record is a table, whose
 * fields may be absent, which is how null is written. FlatBuffers has no maps (a list of
 * entries), no nested vectors and no scalars in unions (wrapper tables: lower.ts).
 */
import { InferenceNotes } from '../inference-notes';
import { fieldNames } from './identifiers';
import { lowerModel } from './lower';
import { isFixedSize, type ModelType, type RecordType, type ScalarKind, type SchemaModel } from './model';
import { unionBranchRecords, visitFields } from './model-walk';

export interface FlatBuffersTranslation {
  language: 'fbs';
  text: string;
  /** The lowered model the text declares (root: a table). */
  model: SchemaModel;
  /** Records declared as structs; every other record is a table. */
  structs: Set<RecordType>;
  notes: string[];
}

export const FBS_SCALARS: Record<ScalarKind, string> = {
  bool: 'bool', int8: 'byte', uint8: 'ubyte', int16: 'short', uint16: 'ushort', int32: 'int', uint32: 'uint',
  int64: 'long', uint64: 'ulong', float32: 'float', float64: 'double', string: 'string', bytes: '[ubyte]',
};

export function translateToFbs(source: SchemaModel): FlatBuffersTranslation {
  const model = lowerModel(source, {
    language: 'FlatBuffers',
    listElement: (type) => type.kind === 'null' || type.kind === 'enum' || type.kind === 'json-text' || (type.kind === 'record' && !type.wraps) || (type.kind === 'scalar' && type.scalar !== 'bytes'),
    mapValue: () => true,
    unionBranch: (type) => type.kind === 'record',
    mapEntries: true,
  });
  const branches = unionBranchRecords(model);
  const structs = new Set(model.named.filter((type): type is RecordType => type.kind === 'record' && isStruct(type, model, branches)));
  const notes = new InferenceNotes();
  for (const note of model.notes) notes.add(note);
  const comments = new Map<string, string>();
  visitFields(model, (record, field, index, path) => {
    const comment = noteField(field.type, path, notes);
    if (comment) comments.set(`${record.name}.${index}`, comment);
  });
  if (structs.size > 0) notes.add(`records of fixed-size fields only are structs, stored inline without a vtable: ${[...structs].map((struct) => struct.name).join(', ')}`);
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
      lines.push(`  ${names[index]}:${fieldType(field.type, scalarsUsed)};${comment ? `  // ${comment}` : ''}`);
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
  notes.add(`FlatBuffers types: ${[...scalarsUsed].join(', ')}`);
  return { language: 'fbs', text: lines.join('\n'), model, structs, notes: notes.list() };
}

/** A struct: fixed-size, non-null fields only; not the root and not a union member (those must be tables). */
function isStruct(record: RecordType, model: SchemaModel, branches: Set<RecordType>): boolean {
  return record !== model.root && !record.wraps && !branches.has(record) && record.fields.length > 0 && record.fields.every((field) => isFixedSize(field.type));
}

function fieldType(type: ModelType, used: Set<string>): string {
  switch (type.kind) {
    case 'scalar':
      used.add(`${type.scalar} → ${FBS_SCALARS[type.scalar]}`);
      return FBS_SCALARS[type.scalar];
    case 'json-text':
      return 'string';
    case 'enum':
    case 'record':
    case 'union':
      return type.name;
    case 'list':
      return type.element.kind === 'null' ? '[ubyte]' : `[${fieldType(type.element, used)}]`;
    case 'map':
      return `[${type.entry!.name}]`;
    case 'nullable': {
      const inner = fieldType(type.inner, used);
      return type.inner.kind === 'scalar' && type.inner.scalar !== 'string' && type.inner.scalar !== 'bytes' || type.inner.kind === 'enum' ? `${inner} = null` : inner;
    }
    case 'null':
      return 'ubyte';
  }
}

/** Notes a field's choice under its kind; returns the schema comment for it, if any. */
function noteField(type: ModelType, path: string, notes: InferenceNotes): string | undefined {
  const inner = type.kind === 'nullable' ? type.inner : type;
  const comments: string[] = [];
  if (type.kind === 'nullable') {
    if (isFixedSize(inner)) {
      notes.at('nullable numbers, booleans and enums are optional scalars (= null), absent when null', path);
      comments.push('nullable: absent when null');
    } else {
      notes.at('nullable strings, lists, tables and unions are left out when null (an absent field)', path);
      comments.push('nullable: absent when null');
    }
  }
  if (type.kind === 'null') notes.at('fields that are always null are not written (FlatBuffers has no null type); decode gives null', path);
  if (inner.kind === 'scalar' && (inner.scalar === 'int64' || inner.scalar === 'uint64')) {
    notes.at('64-bit integers are long/ulong: flatc\'s TypeScript reads and writes them as BigInt, converted from and to JSON numbers inside encode and decode', path);
    comments.push('64-bit: BigInt in TypeScript');
  }
  if (inner.kind === 'union') {
    notes.at('values of several kinds are a FlatBuffers union (a type byte and a table)', path);
    comments.push('union: a type byte and a table');
  }
  if (inner.kind === 'list' && inner.element.kind === 'null') notes.at('lists of nulls keep their length as a byte per element', path);
  if (inner.kind === 'json-text') comments.push('JSON text');
  return comments.length > 0 ? comments.join('; ') : undefined;
}
