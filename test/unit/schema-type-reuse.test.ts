/**
 * Inferred schemas declare one type per structure: a GitHub issues export has the
 * same user object under user, assignee, assignees, closed_by and milestone.creator, and a
 * person writing the schema declares it once. Checked on what protobufjs and avsc read from the
 * schema, not on the inference's own bookkeeping.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as protobuf from 'protobufjs';
import * as avro from 'avsc';
import { inferProtoSchema, STRUCT_IMPORT } from '../../src/schema/infer-proto';
import { inferAvroSchema } from '../../src/schema/infer-avro';
import { prepare as prepareProtobuf } from '../../src/codecs/protobufjs';
import { prepare as prepareAvsc } from '../../src/codecs/avsc';

const repo = join(__dirname, '..', '..');
const samples: Array<[string, unknown]> = [
  ['the bundled events sample', JSON.parse(readFileSync(join(repo, 'schemas', 'events.json'), 'utf8'))],
  ['a GitHub issues export', JSON.parse(readFileSync(join(repo, 'test', 'fixtures', 'real-world', 'github-issues.json'), 'utf8'))],
];

/** Our messages (struct.proto's aside) as protobufjs reads them: name → fields, types by name. */
function protoMessages(sample: unknown): Map<string, string> {
  const inferred = inferProtoSchema(sample);
  const root = protobuf.parse(inferred.source, { keepCase: true }).root;
  if (inferred.importsStruct) root.addJSON(protobuf.common.get(STRUCT_IMPORT)!.nested!);
  root.resolveAll();
  const messages = new Map<string, string>();
  for (const type of root.nestedArray) {
    if (!(type instanceof protobuf.Type)) continue;
    const fields = type.fieldsArray.map((field) => [
      field.name,
      field.id,
      field.rule ?? '',
      field.resolvedType?.fullName ?? field.type,
      field instanceof protobuf.MapField ? field.keyType : '',
      field.options?.['proto3_optional'] === true,
      field.partOf?.name ?? '',
    ]);
    messages.set(type.name, JSON.stringify(fields));
  }
  return messages;
}

/** Every record avsc registers for the schema: name → fields, named types by name. */
function avroRecords(sample: unknown): Map<string, string> {
  const registry: Record<string, avro.Type> = {};
  avro.Type.forSchema(inferAvroSchema(sample).schema as avro.Schema, { registry });
  const reference = (type: avro.Type): unknown => {
    if (type.name !== undefined) return type.name;
    if (isUnion(type)) return type.types.map(reference);
    if (type instanceof avro.types.ArrayType) return { array: reference(type.itemsType) };
    if (type instanceof avro.types.MapType) return { map: reference(type.valuesType) };
    return type.typeName;
  };
  const records = new Map<string, string>();
  for (const [name, type] of Object.entries(registry)) {
    if (!(type instanceof avro.types.RecordType)) continue;
    records.set(name, JSON.stringify(type.fields.map((field) => [field.name, reference(field.type), field.defaultValue() ?? null])));
  }
  return records;
}

/** avsc has a union class per representation (wrapped or not), and exports neither's base. */
function isUnion(type: avro.Type): type is avro.Type & { types: avro.Type[] } {
  return type.typeName.startsWith('union');
}

/** Names of types whose structure an earlier type already has. */
function duplicates(types: Map<string, string>): string[] {
  const first = new Map<string, string>();
  const repeated: string[] = [];
  for (const [name, structure] of types) {
    const earlier = first.get(structure);
    if (earlier === undefined) first.set(structure, name);
    else repeated.push(`${name} = ${earlier}`);
  }
  return repeated;
}

for (const [what, sample] of samples) {
  test(`${what}: the inferred .proto has no two identical messages`, () => {
    const messages = protoMessages(sample);
    assert.ok(messages.size >= 4, `${messages.size} messages`);
    assert.deepEqual(duplicates(messages), []);
  });

  test(`${what}: the inferred .avsc has no two identical records`, () => {
    const records = avroRecords(sample);
    assert.ok(records.size >= 4, `${records.size} records`);
    assert.deepEqual(duplicates(records), []);
  });
}

test('a GitHub issues export: user, assignee, assignees, closed_by and milestone.creator are one type in both schemas', () => {
  const sample = samples[1]![1];
  const root = protobuf.parse(inferProtoSchema(sample).source, { keepCase: true }).root;
  const item = root.lookupType('Item');
  const milestone = root.lookupType('Milestone');
  const protoTypes = [item.fields['user'], item.fields['assignee'], item.fields['assignees'], item.fields['closed_by'], milestone.fields['creator']];
  assert.deepEqual(new Set(protoTypes.map((field) => field!.type)), new Set(['User']));

  const registry: Record<string, avro.Type> = {};
  avro.Type.forSchema(inferAvroSchema(sample).schema as avro.Schema, { registry });
  const record = registry['Item'] as avro.types.RecordType;
  const named = (name: string) => {
    const type = record.field(name)!.type;
    if (isUnion(type)) return type.types.find((branch) => branch.typeName !== 'null')!;
    return type instanceof avro.types.ArrayType ? type.itemsType : type;
  };
  const creator = (registry['Milestone'] as avro.types.RecordType).field('creator')!.type;
  const avroTypes = [named('user'), named('assignee'), named('assignees'), named('closed_by'), creator];
  assert.deepEqual(new Set(avroTypes.map((type) => type.name)), new Set(['User']));
});

test('a message shared by a field that is sometimes null and one that never is round-trips both exactly', () => {
  // `b` decodes absent as null, `a` never meets null: one message, an adapter per use.
  const sample = [
    { a: { x: 1, s: 'p' }, b: null },
    { a: { x: 2, s: 'q' }, b: { x: 3, s: 'r' } },
  ];
  assert.deepEqual(duplicates(protoMessages(sample)), []);
  assert.equal([...protoMessages(sample).keys()].filter((name) => name !== 'Root').length, 2, 'Item and A (b reuses A)');
  for (const prepare of [prepareProtobuf, prepareAvsc]) {
    const codec = prepare(sample, {});
    assert.deepEqual(JSON.parse(JSON.stringify(codec.decode(codec.encode(codec.input)))), sample);
  }
});
