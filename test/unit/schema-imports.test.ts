import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { providedSchemaFrom } from '../../src/cli/schema-options';
import { prepare as prepareAvsc } from '../../src/codecs/avsc';
import { prepare as prepareProtobufjs } from '../../src/codecs/protobufjs';
import { resolveProtoImports, scanImports } from '../../src/schema/proto-imports';
import { resolveProtoType } from '../../src/schema/provided-schema';
import { SchemaInputError } from '../../src/schema/schema-problem';
import type { ProvidedSchema } from '../../src/shared/codec-job';

const TIMESTAMP_ONLY = 'syntax = "proto3";\nimport "google/protobuf/timestamp.proto";\n\nmessage Ev {\n  google.protobuf.Timestamp at = 1;\n}\n';

const WELL_KNOWN = `syntax = "proto3";
import "google/protobuf/any.proto";
import "google/protobuf/duration.proto";
import "google/protobuf/empty.proto";
import "google/protobuf/field_mask.proto";
import "google/protobuf/struct.proto";
import "google/protobuf/timestamp.proto";
import "google/protobuf/wrappers.proto";
message Everything {
  google.protobuf.Timestamp at = 1;
  google.protobuf.Duration took = 2;
  google.protobuf.Struct meta = 3;
  google.protobuf.Value anything = 4;
  google.protobuf.ListValue list = 5;
  google.protobuf.Int64Value count = 6;
  google.protobuf.StringValue name = 7;
  google.protobuf.BytesValue blob = 8;
  google.protobuf.BoolValue flag = 9;
  google.protobuf.FieldMask mask = 10;
  google.protobuf.Empty nothing = 11;
  google.protobuf.Any packed = 12;
  repeated google.protobuf.Timestamp history = 13;
}`;

function tempTree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-imports-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

const readDisk = async (file: string) => (fs.existsSync(file) && fs.statSync(file).isFile() ? fs.readFileSync(file, 'utf8') : undefined);

test('a file importing google/protobuf/timestamp.proto loads with no include path', () => {
  const { typeName, messageTypes } = resolveProtoType({ kind: 'proto', source: TIMESTAMP_ONLY, path: 'ts.proto' });
  assert.equal(typeName, 'Ev');
  assert.deepEqual(messageTypes, ['Ev'], 'the well-known types are used, not offered');
});

test('import statements are read outside comments, with weak and public ones', () => {
  const text = '// import "commented.proto";\n/* import "block.proto"; */\nimport weak "w.proto";\nimport public "p.proto";\nimport "a/b.proto";';
  assert.deepEqual(
    scanImports(text).map(({ name, weak }) => [name, weak]),
    [
      ['w.proto', true],
      ['p.proto', false],
      ['a/b.proto', false],
    ],
  );
});

test('imports resolve beside the importing file first, then in the include folders in order', async () => {
  const root = tempTree({
    'app/main.proto': 'syntax = "proto3";\nimport "shared/money.proto";\nimport "local.proto";\nmessage Order { shared.Money total = 1; Local l = 2; }',
    'app/local.proto': 'syntax = "proto3";\nmessage Local { string note = 1; }',
    'first/shared/money.proto': 'syntax = "proto3";\npackage shared;\nmessage Money { int64 units = 1; }',
    'second/shared/money.proto': 'this one is never read',
  });
  const main = path.join(root, 'app', 'main.proto');
  const imports = await resolveProtoImports(main, fs.readFileSync(main, 'utf8'), [path.join(root, 'first'), path.join(root, 'second')], readDisk);
  assert.deepEqual(Object.keys(imports).sort(), [path.join(root, 'app', 'local.proto'), path.join(root, 'first', 'shared', 'money.proto')]);
  const { type } = resolveProtoType({ kind: 'proto', source: fs.readFileSync(main, 'utf8'), path: main, imports });
  assert.equal(type.fields['total']!.resolvedType?.fullName, '.shared.Money');
});

test('a missing import is located at its statement and names every path searched', async () => {
  const root = tempTree({ 'app/main.proto': 'syntax = "proto3";\n\nimport "money/money.proto";\nmessage A { int32 x = 1; }' });
  const main = path.join(root, 'app', 'main.proto');
  await assert.rejects(resolveProtoImports(main, fs.readFileSync(main, 'utf8'), [path.join(root, 'inc')], readDisk), (error: unknown) => {
    assert.ok(error instanceof SchemaInputError);
    assert.equal(error.path, main);
    assert.deepEqual([error.problem.line, error.problem.column], [3, 9]);
    assert.match(
      error.problem.message,
      new RegExp(`searched: ${path.join(root, 'app', 'money', 'money.proto')}, ${path.join(root, 'inc', 'money', 'money.proto')}`),
    );
    return true;
  });
});

test('an error inside an imported file is reported in that file, at its line', () => {
  const imported = '/inc/broken.proto';
  const source = 'syntax = "proto3";\nimport "broken.proto";\nmessage A { B b = 1; }';
  assert.throws(
    () => resolveProtoType({ kind: 'proto', source, path: '/app/a.proto', imports: { [imported]: 'syntax = "proto3";\nmessage B {\n  Missing m = 1;\n}' } }),
    (error: unknown) => error instanceof SchemaInputError && error.path === imported && error.problem.line === 3 && /Missing/.test(error.problem.message),
  );
});

test('the CLI reads -I folders and passes the imported files with the schema', async () => {
  const root = tempTree({
    'main.proto':
      'syntax = "proto3";\nimport "lib.proto";\nimport "google/protobuf/duration.proto";\nmessage M { Lib lib = 1; google.protobuf.Duration d = 2; }',
    'include/lib.proto': 'syntax = "proto3";\nmessage Lib { bool on = 1; }',
  });
  const schema = await providedSchemaFrom({ proto: path.join(root, 'main.proto'), 'proto-path': [path.join(root, 'include')] });
  assert.deepEqual(Object.keys(schema?.imports ?? {}), [path.join(root, 'include', 'lib.proto')]);
  await assert.rejects(providedSchemaFrom({ proto: path.join(root, 'main.proto') }), /import "lib\.proto" not found; searched: /);
});

test('well-known types in proto3 JSON mapping come back exactly through protobufjs and the derived Avro schema', () => {
  const schema: ProvidedSchema = { kind: 'proto', source: WELL_KNOWN, path: 'everything.proto' };
  const sample = {
    at: '2024-05-31T13:45:30.123Z',
    took: '-1.500s',
    meta: { a: 1, b: [true, null, 'x'], c: { d: 'e' } },
    anything: [1, 'two', { three: 3 }],
    list: [null, false, 2.5],
    count: 4503599627370495, // avsc's longs are numbers up to 2^52
    name: '',
    blob: 'AAEC',
    flag: false,
    mask: 'user.displayName,id',
    nothing: {},
    packed: { '@type': 'type.googleapis.com/google.protobuf.Duration', value: '3s' },
    history: ['1999-12-31T23:59:59Z', '2000-01-01T00:00:00.000001Z'],
  };
  const expected = sample;
  for (const prepare of [prepareProtobufjs, prepareAvsc]) {
    const prepared = prepare(sample, { schema });
    const decoded = JSON.parse(JSON.stringify(prepared.decode(prepared.encode(prepared.input)))) as Record<string, unknown>;
    // proto3 writes fractions in groups of three digits: "-1.500s" as written, "3s" without one.
    assert.deepEqual(decoded, expected, prepared.schema);
  }
});

test('a sample whose Timestamp is not RFC 3339 is refused with its path and the form expected', () => {
  const schema: ProvidedSchema = { kind: 'proto', source: TIMESTAMP_ONLY, path: 'ts.proto' };
  assert.throws(
    () => prepareProtobufjs([{ at: '2024-05-31 13:45' }], { schema }),
    /\$\[0\]\.at is "2024-05-31 13:45", expected google\.protobuf\.Timestamp \(RFC 3339/,
  );
});

test('custom options extending google/protobuf/descriptor.proto load with no include path', () => {
  const source =
    'syntax = "proto3";\nimport "google/protobuf/descriptor.proto";\nextend google.protobuf.FieldOptions { string sensitive = 50001; }\nmessage User { string email = 1 [(sensitive) = "pii"]; }';
  const { type, messageTypes } = resolveProtoType({ kind: 'proto', source, path: 'user.proto' });
  assert.deepEqual(messageTypes, ['User']);
  assert.equal(type.fields['email']!.options?.['(sensitive)'], 'pii');
});
