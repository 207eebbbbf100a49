/**
 * A Cap'n Proto schema (.capnp) for a schema model, field by field, with a note for each
 * choice. Every record is a struct; a value of several kinds is a struct holding an unnamed
 * union; a nullable number or boolean is a group union `{ none :Void, value :T }`, while a
 * nullable text, list or struct is a null pointer. Cap'n Proto has no maps (a list of entries)
 * and no nullable list elements, and capnp-es cannot initialise a list inside a list (wrapper
 * structs for both: lower.ts). Names are camelCase without
 * underscores, which the compiler insists on.
 */
import { camelCase, fieldNames, wordsOf } from './identifiers';
import { lowerModel } from './lower';
import { commentText } from '../schema-words';
import { isFixedSize, type EnumType, type ModelType, type RecordType, type ScalarKind, type SchemaModel, type UnionType } from './model';
import { noteFields, spellType, type FieldChoices, type TypeSpelling } from './field-notes';
import type { NoteFact } from '../../shared/results';

export interface CapnpTranslation {
  language: 'capnp';
  text: string;
  model: SchemaModel;
  notes: NoteFact[];
}

export const CAPNP_SCALARS: Record<ScalarKind, string> = {
  bool: 'Bool',
  int8: 'Int8',
  uint8: 'UInt8',
  int16: 'Int16',
  uint16: 'UInt16',
  int32: 'Int32',
  uint32: 'UInt32',
  int64: 'Int64',
  uint64: 'UInt64',
  float32: 'Float32',
  float64: 'Float64',
  string: 'Text',
  bytes: 'Data',
};

/** The members of the group union a nullable number or boolean is (see capnp-driver.ts). */
export const NULL_MEMBER = 'none';
export const VALUE_MEMBER = 'value';

export function translateToCapnp(source: SchemaModel): CapnpTranslation {
  const model = lowerModel(source, {
    language: "Cap'n Proto",
    // capnp-es generates no initialiser for a list inside a list (nor for Data in one): a user
    // would reach into its internals, so those elements are wrapper structs.
    listElement: (type) => type.kind !== 'nullable' && type.kind !== 'list' && type.kind !== 'map' && !(type.kind === 'scalar' && type.scalar === 'bytes'),
    mapValue: () => true,
    unionBranch: () => true,
    mapEntries: true,
  });
  const { notes, comments } = noteFields(model, 'capnp', CAPNP_CHOICES);
  const used = new Set<string>();
  const lines = [`@${fileId(model)};`, '# Translated by Payload Lab from the schema of the run, field by field (see the notes).', ''];
  for (const type of model.named) {
    if (type.kind === 'enum') lines.push(...declareEnum(type), '');
    if (type.kind === 'union') lines.push(...declareUnion(type, used), '');
    if (type.kind === 'record') lines.push(...declareStruct(type, comments, used), '');
  }
  notes.add({ code: 'translated-types', language: 'capnp', types: [...used] });
  notes.add({ code: 'capnp-unpacked' });
  return { language: 'capnp', text: lines.join('\n'), model, notes: notes.list() };
}

function declareStruct(record: RecordType, comments: Map<string, string>, used: Set<string>): string[] {
  const names = fieldNames(record, 'camel');
  const lines = [`struct ${record.name} {`];
  let ordinal = 0;
  record.fields.forEach((field, index) => {
    const comment = comments.get(`${record.name}.${index}`);
    const tail = comment ? `  # ${commentText(comment)}` : '';
    const type = field.type;
    if (type.kind === 'nullable' && isFixedSize(type.inner)) {
      lines.push(
        `  ${names[index]} :union {${tail}`,
        `    ${NULL_MEMBER} @${ordinal++} :Void;`,
        `    ${VALUE_MEMBER} @${ordinal++} :${typeName(type.inner, used)};`,
        '  }',
      );
      return;
    }
    lines.push(`  ${names[index]} @${ordinal++} :${typeName(type, used)};${tail}`);
  });
  lines.push('}');
  return lines;
}

function declareUnion(union: UnionType, used: Set<string>): string[] {
  const lines = [`struct ${union.name} {`, '  union {'];
  union.branches.forEach((branch, index) => lines.push(`    ${branch.name} @${index} :${typeName(branch.type, used)};`));
  lines.push('  }', '}');
  return lines;
}

function declareEnum(type: EnumType): string[] {
  return [`enum ${type.name} {`, ...enumerantNames(type).map((name, index) => `  ${name} @${index};`), '}'];
}

/** Enumerants must be camelCase too (`PAGE_VIEW` → `pageView`); the driver writes ordinals. */
export function enumerantNames(type: EnumType): string[] {
  const taken = new Set<string>();
  return type.symbols.map((symbol) => {
    let words = wordsOf(symbol);
    if (words.length === 0 || /^[0-9]/.test(words[0]!)) words = ['value', ...words];
    const base = camelCase(words);
    let name = base;
    for (let suffix = 2; taken.has(name); suffix += 1) name = `${base}${suffix}`;
    taken.add(name);
    return name;
  });
}

const CAPNP_SPELLING: TypeSpelling = {
  scalars: CAPNP_SCALARS,
  list: (element) => `List(${element})`,
  map: (type) => `List(${type.entry!.name})`,
  null: 'Void',
};

const typeName = (type: ModelType, used: Set<string>) => spellType(type, CAPNP_SPELLING, used);

const CAPNP_CHOICES: FieldChoices = {
  nullableScalar: {
    comment: 'nullable: a union with Void',
  },
  nullableOther: { comment: 'nullable: a null pointer' },
  alwaysNull: {},
  int64: {
    comment: '64-bit: BigInt in capnp-es',
  },
  union: { comment: 'several kinds: a union struct' },
  listOfNulls: {},
};

/**
 * A file ID (64 bits, top bit set, as `capnp id` makes) from the model's shape: the same schema
 * always gets the same ID, so the generated code's cache key stays stable from run to run.
 */
function fileId(model: SchemaModel): string {
  const text = JSON.stringify(model.named.map((type) => [type.kind, type.name, type.kind === 'record' ? type.fields.map((field) => field.key) : []]));
  let hash = 0xcbf29ce484222325n;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= BigInt(text.charCodeAt(index));
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return `0x${(hash | (1n << 63n)).toString(16)}`;
}
