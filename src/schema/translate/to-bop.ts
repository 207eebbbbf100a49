/**
 * A Bebop schema (.bop) for a schema model, field by field, with a note for each choice. A
 * record whose fields are never null is a struct (no tags, no framing: the tuples'
 * `{x: int32, y: float64, z: float64}` is 20 bytes); a record with a nullable or always-null
 * field is a message, whose fields may be absent, which is how null is written. Bebop has
 * maps and nested arrays, but no nullable elements and no scalars in unions, whose branches
 * are declared inside the union (wrapper records: lower.ts).
 */
import { bebopFieldNames } from './identifiers';
import { lowerModel } from './lower';
import { commentText } from '../schema-words';
import type { EnumType, ModelType, RecordType, ScalarKind, SchemaModel, UnionType } from './model';
import { unionBranchRecords } from './model-walk';
import { noteFields, spellType, type FieldChoices, type TypeSpelling } from './field-notes';
import type { NoteFact } from '../../shared/results';

export interface BebopTranslation {
  language: 'bop';
  text: string;
  model: SchemaModel;
  /** Records declared as messages (tagged, optional fields); every other record is a struct. */
  messages: Set<RecordType>;
  notes: NoteFact[];
}

/** Bebop has no 8-bit signed integer: int8 widens to int16 (noted). */
export const BOP_SCALARS: Record<ScalarKind, string> = {
  bool: 'bool',
  int8: 'int16',
  uint8: 'uint8',
  int16: 'int16',
  uint16: 'uint16',
  int32: 'int32',
  uint32: 'uint32',
  int64: 'int64',
  uint64: 'uint64',
  float32: 'float32',
  float64: 'float64',
  string: 'string',
  bytes: 'byte[]',
};

export function translateToBop(source: SchemaModel): BebopTranslation {
  const model = lowerModel(source, {
    language: 'Bebop',
    listElement: (type) => type.kind !== 'nullable',
    mapValue: (type) => type.kind !== 'nullable',
    unionBranch: (type, uses) => type.kind === 'record' && uses === 1,
    mapEntries: false,
  });
  const messages = new Set(
    model.named.filter(
      (type): type is RecordType => type.kind === 'record' && type.fields.some((field) => field.type.kind === 'nullable' || field.type.kind === 'null'),
    ),
  );
  const branches = unionBranchRecords(model);
  const { notes, comments } = noteFields(model, 'bop', BOP_CHOICES);
  if (messages.size > 0) notes.add({ code: 'bop-messages', messages: [...messages].map((message) => message.name) });
  const used = new Set<string>();
  const declare = (record: RecordType, indent: string, tag?: number): string[] => {
    const names = bebopFieldNames(record);
    const isMessage = messages.has(record);
    const lines = [`${indent}${tag === undefined ? '' : `${tag} -> `}${isMessage ? 'message' : 'struct'} ${record.name} {`];
    let index = 0;
    record.fields.forEach((field, position) => {
      const comment = comments.get(`${record.name}.${position}`);
      const tail = comment ? `  // ${commentText(comment)}` : '';
      if (field.type.kind === 'null') {
        lines.push(`${indent}  // ${names[position]}: always null in the schema, not written (decode gives null)`);
        return;
      }
      index += 1;
      lines.push(`${indent}  ${isMessage ? `${index} -> ` : ''}${typeName(field.type, used)} ${names[position]};${tail}`);
    });
    lines.push(`${indent}}`);
    return lines;
  };
  const lines = ['// Translated by Payload Lab from the schema of the run, field by field (see the notes).', ''];
  for (const type of model.named) {
    if (type.kind === 'enum') lines.push(...declareEnum(type), '');
    if (type.kind === 'union') lines.push(...declareUnion(type, declare), '');
    if (type.kind === 'record' && !branches.has(type)) lines.push(...declare(type, ''), '');
  }
  notes.add({ code: 'translated-types', language: 'bop', types: [...used] });
  return { language: 'bop', text: lines.join('\n'), model, messages, notes: notes.list() };
}

/** Positions from 1: Bebop warns about a 0 that is not 'Unknown', and a JSON symbol is never unknown. */
function declareEnum(type: EnumType): string[] {
  return [`enum ${type.name} : uint8 {`, ...type.symbols.map((symbol, index) => `  ${symbol} = ${index + 1};`), '}'];
}

function declareUnion(union: UnionType, declare: (record: RecordType, indent: string, tag: number) => string[]): string[] {
  return [`union ${union.name} {`, ...union.branches.flatMap((branch, index) => declare(branch.type as RecordType, '  ', index + 1)), '}'];
}

const BOP_SPELLING: TypeSpelling = {
  scalars: BOP_SCALARS,
  list: (element) => `${element}[]`,
  map: (type, spell) => `map[string, ${spell(type.values)}]`,
  null: 'byte',
};

const typeName = (type: ModelType, used: Set<string>) => spellType(type, BOP_SPELLING, used);

/** Every nullable field is a message field: one choice, noted once. */
const NULLABLE = { comment: 'nullable: absent when null' };

const BOP_CHOICES: FieldChoices = {
  nullableScalar: NULLABLE,
  nullableOther: NULLABLE,
  alwaysNull: {},
  int64: {
    comment: '64-bit: BigInt in TypeScript',
  },
  int8: {},
  map: {
    comment: 'map: a JavaScript Map when decoded',
  },
  union: { comment: 'union: {tag, value}' },
  enum: {},
  listOfNulls: {},
};
