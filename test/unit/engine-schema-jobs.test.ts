import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { generateSampleBytes, loadSchemaInfo } from '../../src/engine/schema-jobs';
import { generateFromSchema } from '../../src/schema/generate-sample';
import { SchemaInputError } from '../../src/schema/schema-problem';
import { repoRoot, workerScript } from '../support/paths';
import type { ProvidedSchema } from '../../src/shared/codec-job';

const itemsProtoPath = path.join(repoRoot, 'schemas', 'Items.proto');
const itemsProto: ProvidedSchema = { kind: 'proto', source: fs.readFileSync(itemsProtoPath, 'utf8'), path: itemsProtoPath };
const itemsAvsc: ProvidedSchema = { kind: 'avsc', source: fs.readFileSync(path.join(repoRoot, 'schemas', 'Items.avsc'), 'utf8'), path: 'Items.avsc' };

test("loadSchemaInfo lists a .proto's message types and its default type", async () => {
  assert.deepEqual(await loadSchemaInfo(itemsProto, { workerScript }), { messageTypes: ['Item', 'Items'], defaultType: 'Items' });
});

test('loadSchemaInfo accepts a valid .avsc with no message types', async () => {
  assert.deepEqual(await loadSchemaInfo(itemsAvsc, { workerScript }), { messageTypes: [] });
});

test('loadSchemaInfo throws a SchemaInputError with line and column for a broken .proto', async () => {
  const broken: ProvidedSchema = { kind: 'proto', source: 'syntax = "proto3";\n\nmessage Broken {\n  int32 x = ;\n}\n', path: 'broken.proto' };
  await assert.rejects(loadSchemaInfo(broken, { workerScript }), (error: unknown) => {
    assert.ok(error instanceof SchemaInputError);
    assert.equal(error.message, "broken.proto:4:13: illegal id ';'");
    return true;
  });
});

test('generateSampleBytes gives the JSON text of the records generateFromSchema makes for the same seed', async () => {
  const schema = { ...itemsProto, typeName: 'Items' };
  const bytes = await generateSampleBytes(schema, 25, 3, { workerScript });
  assert.deepEqual(JSON.parse(Buffer.from(bytes).toString('utf8')), generateFromSchema(schema, { count: 25, seed: 3 }).records);
});

test('generateSampleBytes throws a SchemaInputError for an unknown message type', async () => {
  await assert.rejects(generateSampleBytes({ ...itemsProto, typeName: 'Nope' }, 5, 1, { workerScript }), SchemaInputError);
});

test("loadSchemaInfo reads the imported files sent with the schema, and lists only the main file's types", async () => {
  const schema: ProvidedSchema = {
    kind: 'proto',
    source:
      'syntax = "proto3";\nimport "google/protobuf/timestamp.proto";\nimport "shared/money.proto";\nmessage Event { google.protobuf.Timestamp at = 1; shared.Money price = 2; }',
    path: '/ws/event.proto',
    imports: { '/ws/protos/shared/money.proto': 'syntax = "proto3";\npackage shared;\nmessage Money { int32 cents = 1; }' },
  };
  assert.deepEqual(await loadSchemaInfo(schema, { workerScript }), { messageTypes: ['Event'], defaultType: 'Event' });
  const broken = { ...schema, imports: { '/ws/protos/shared/money.proto': 'syntax = "proto3";\npackage shared;\nmessage Money { Nope n = 1; }' } };
  await assert.rejects(
    loadSchemaInfo(broken, { workerScript }),
    (error: unknown) => error instanceof SchemaInputError && error.path === '/ws/protos/shared/money.proto',
  );
});

test("loadSchemaInfo lists an Avro protocol's (.avpr) and IDL's (.avdl) types, the last as the default", async () => {
  for (const file of ['Shop.avpr', 'Shop.avdl']) {
    const schemaPath = path.join(repoRoot, 'test', 'fixtures', 'avro', file);
    const info = await loadSchemaInfo({ kind: 'avsc', source: fs.readFileSync(schemaPath, 'utf8'), path: schemaPath }, { workerScript });
    assert.ok(info.messageTypes.length >= 2, `${file}: ${info.messageTypes.join(', ')}`);
    assert.ok(
      info.messageTypes.some((name) => name.endsWith('.Status')),
      file,
    );
    assert.equal(info.defaultType, info.messageTypes.at(-1), file);
    assert.match(info.defaultType ?? '', /\.Parcel$/, file);
  }
});
