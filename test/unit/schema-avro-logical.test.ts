import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { providedSchemaFrom } from '../../src/cli/schema-options';
import { prepare as prepareAvsc } from '../../src/codecs/avsc';
import { prepare as prepareProtobufjs } from '../../src/codecs/protobufjs';
import { prepare as prepareBufbuild } from '../../src/codecs/bufbuild';
import { verifyRoundTrip } from '../../src/analysis/verify';
import { collectAvroReferences } from '../../src/schema/avro-references';
import { deriveAvroFromProto } from '../../src/schema/derive-avro-from-proto';
import { createAvroType } from '../../src/schema/load-avsc';
import { resolveAvsc, resolveProtoType } from '../../src/schema/provided-schema';
import { generateFromSchema } from '../../src/schema/generate-sample';
import { findAvroMismatch } from '../../src/schema/sample-fit';
import { SchemaInputError } from '../../src/schema/schema-problem';
import type { ProvidedSchema } from '../../src/shared/codec-job';
import { noteText } from '../../src/shared/row-facts-text';
import { noteOf } from '../support/notes';

const avroFolder = path.resolve(__dirname, '..', 'fixtures', 'avro');
const conformance = path.resolve(__dirname, '..', 'fixtures', 'conformance');
const eventSchema: ProvidedSchema = { kind: 'avsc', source: fs.readFileSync(path.join(avroFolder, 'Event.avsc'), 'utf8'), path: 'Event.avsc' };

const EVENT = {
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  amount: '-1234567.89',
  rate: '0.0042',
  day: '1969-12-31',
  opens: '08:30:00.000',
  closes: '23:59:59.999999',
  at: '2024-02-29T23:59:59.999Z',
  atMicros: '1970-01-01T00:00:00.000001Z',
  localAt: '2024-05-31T13:45:30.123',
  localAtMicros: '2024-05-31T13:45:30.123456',
  lasts: { months: 1, days: 2, milliseconds: 3 },
  kind: 'UPDATED',
  labels: { team: 'core' },
  updatedAt: null,
  previous: null,
};

function roundTrip(schema: ProvidedSchema, sample: unknown, prepare = prepareAvsc): unknown {
  const prepared = prepare(sample, { schema });
  return JSON.parse(JSON.stringify(prepared.decode(prepared.encode(prepared.input))));
}

test('every Avro logical type reads its JSON form and decodes to the same text', () => {
  assert.deepEqual(roundTrip(eventSchema, EVENT), EVENT);
});

test('the proto3 schema derived from logical types carries the same JSON (text, and a message for duration), nulls included', () => {
  // updatedAt and previous are unions with null: sent as absent, decoded as null (absent-as-null.ts).
  assert.deepEqual(roundTrip(eventSchema, EVENT, prepareProtobufjs), EVENT);
});

test('a schema derived from an .avsc with nullable fields round-trips the sample exactly through protobufjs', () => {
  // Nulls at every level: a nullable scalar, a nullable recursive record, nulls inside the nested record.
  const chain = [EVENT, { ...EVENT, updatedAt: '2024-06-01T00:00:00.000Z', previous: { ...EVENT, kind: 'CREATED' } }];
  const prepared = prepareProtobufjs(chain, { schema: eventSchema });
  const result = verifyRoundTrip(chain, prepared.decode(prepared.encode(prepared.input)));
  assert.deepEqual(result.differences, []);
  assert.equal(result.status, 'exact');
  assert.ok(noteOf(prepared.notes, 'absent-as-null'));
});

test('@bufbuild/protobuf reads the nulls of a derived schema back too', () => {
  // It does not convert enum names, so a schema without enums: a nullable string and a nullable record.
  // (pbf is left out: it decodes every field with a default, '' for an unset string, and
  // adds the synthetic oneofs of proto3 optional fields: lossy whatever the mapping.)
  const schema: ProvidedSchema = {
    kind: 'avsc',
    path: 'Node.avsc',
    source: JSON.stringify({
      type: 'record',
      name: 'Node',
      fields: [
        { name: 'label', type: ['null', 'string'], default: null },
        { name: 'weight', type: 'int' },
        { name: 'next', type: ['null', 'Node'], default: null },
      ],
    }),
  };
  const sample = [
    { label: null, weight: 0, next: { label: 'b', weight: 2, next: null } },
    { label: 'c', weight: 3, next: null },
  ];
  for (const prepare of [prepareProtobufjs, prepareBufbuild]) {
    const prepared = prepare(sample, { schema });
    const { differences } = verifyRoundTrip(sample, prepared.decode(prepared.encode(prepared.input)));
    // @bufbuild/protobuf's messages carry their own $typeName (its remnant, whatever the schema).
    assert.deepEqual(
      differences.filter((difference) => !difference.path.endsWith('.$typeName')),
      [],
    );
  }
});

test('a logical value in another form is refused with its path and the form expected', () => {
  const { type } = createAvroType(JSON.parse(eventSchema.source));
  const cases: Array<[string, unknown, RegExp]> = [
    ['amount', 12.5, /decimal \(a decimal string/],
    ['amount', '1.234', /decimal/], // three digits after the point, scale is 2
    ['id', '0F8FAD5B-D9CB-469F-A165-70867728950E', /uuid \(a lower-case UUID string\)/],
    ['day', '2023-02-30', /date \(a date string "YYYY-MM-DD"\)/],
    ['at', '2024-05-31T13:45:30', /timestamp-millis \(an RFC 3339 string with a zone/],
    ['localAt', '2024-05-31T13:45:30Z', /local-timestamp-millis/],
    ['lasts', { months: -1, days: 0, milliseconds: 0 }, /duration \(an object \{ months, days, milliseconds \}/],
  ];
  for (const [field, value, expected] of cases) {
    const mismatch = findAvroMismatch(type, { ...EVENT, [field]: value });
    assert.equal(mismatch?.path, `$.${field}`, field);
    assert.match(mismatch!.expected, expected, field);
  }
});

test('a decimal in a fixed holds negative values in two’s complement over the whole size', () => {
  const { type } = createAvroType({ type: 'fixed', name: 'D', size: 3, logicalType: 'decimal', precision: 8, scale: 1 });
  assert.deepEqual([...type.toBuffer('-0.1')], [0xff, 0xff, 0xff]);
  assert.equal(type.fromBuffer(type.toBuffer('-8388.6')), '-8388.6');
  assert.equal(type.isValid('838860.7'), true, '2^23 - 1 tenths: the largest 3 bytes hold');
  assert.equal(type.isValid('838860.8'), false, 'needs a fourth byte');
});

test('named types defined in other .avsc files of the folder are found and inlined', async () => {
  const order = path.join(avroFolder, 'Order.avsc');
  const source = fs.readFileSync(order, 'utf8');
  const siblings = fs.readdirSync(avroFolder).map((name) => path.join(avroFolder, name));
  const imports = await collectAvroReferences(order, source, [], siblings, async (file) => fs.readFileSync(file, 'utf8'));
  assert.deepEqual(
    Object.keys(imports)
      .map((file) => path.basename(file))
      .sort(),
    ['Customer.avsc', 'Money.avsc'],
  );
  const { schema } = resolveAvsc({ kind: 'avsc', source, path: order, imports });
  const text = JSON.stringify(schema);
  assert.equal(text.match(/"name":"lab\.shop\.Money"/g)?.length, 1, 'defined once, referred to by name after');
  assert.throws(() => resolveAvsc({ kind: 'avsc', source, path: order }), /undefined type name: lab\.people\.Customer/);
});

test('a repeated --avsc gives the files defining named types', async () => {
  const schema = await providedSchemaFrom({ avsc: [path.join(avroFolder, 'Customer.avsc'), path.join(avroFolder, 'Money.avsc')] });
  assert.deepEqual(Object.keys(schema?.imports ?? {}), [path.join(avroFolder, 'Money.avsc')]);
});

test('an Avro protocol (.avpr) and IDL (.avdl) give their last type, or the one --type names', () => {
  for (const file of ['Shop.avpr', 'Shop.avdl']) {
    const source = fs.readFileSync(path.join(avroFolder, file), 'utf8');
    const parcel = resolveAvsc({ kind: 'avsc', source, path: file }).schema as { name: string };
    assert.match(parcel.name, /\.Parcel$/, file);
    const status = resolveAvsc({ kind: 'avsc', source, path: file, typeName: 'Status' }).schema as { type: string };
    assert.equal(status.type, 'enum', file);
    assert.throws(() => resolveAvsc({ kind: 'avsc', source, path: file, typeName: 'Nope' }), /no type 'Nope' in the protocol \(it declares: /);
  }
});

test('proto2 extensions stay in the protobufjs schema and are left out of the derived Avro one, by name', () => {
  const source = fs.readFileSync(path.join(conformance, 'test_messages_proto2.proto'), 'utf8');
  const { type } = resolveProtoType({ kind: 'proto', source, path: 'p2.proto', typeName: 'protobuf_test_messages.proto2.TestAllTypesProto2' });
  assert.ok(type.fieldsArray.some((field) => field.name === '.protobuf_test_messages.proto2.extension_int32'));
  const derived = deriveAvroFromProto(type);
  const extensions = derived.notes.find((note) => note.code === 'proto-extensions-left-out');
  assert.ok(extensions?.fields.includes('protobuf_test_messages.proto2.extension_int32'), derived.notes.map(noteText).join('\n'));
  assert.doesNotMatch(derived.text, /extension_int32/);
});

test('a record that holds itself with no union to stop it is a located error, not a stack overflow', () => {
  const source = '{\n  "type": "record",\n  "name": "Loop",\n  "fields": [{ "name": "next", "type": "Loop" }]\n}';
  assert.throws(
    () => generateFromSchema({ kind: 'avsc', source, path: 'loop.avsc' }, { count: 1, seed: 1 }),
    (error: unknown) => error instanceof SchemaInputError && error.message.startsWith('loop.avsc:3:3: record Loop requires itself'),
  );
});
