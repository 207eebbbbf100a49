import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadAvscSchema } from '../../src/schema/load-avsc';
import { findMessageType, loadProtoSchema, type ProtoLoad } from '../../src/schema/load-proto';
import { checkProvidedSchema } from '../../src/schema/provided-schema';
import type { SchemaProblem } from '../../src/shared/schema-problem';

const schemas = join(__dirname, '..', '..', 'schemas');

function protoError(text: string): SchemaProblem {
  const loaded = loadProtoSchema(text);
  assert.equal(loaded.ok, false, 'expected a load error');
  return (loaded as Extract<ProtoLoad, { ok: false }>).error;
}

function avscError(text: string): SchemaProblem {
  const loaded = loadAvscSchema(text);
  assert.ok(!loaded.ok, 'expected a load error');
  return loaded.error;
}

/** The text at a 1-based line and column. */
function at(text: string, problem: SchemaProblem, length: number): string {
  const line = text.split('\n')[problem.line - 1] ?? '';
  return line.slice(problem.column - 1, problem.column - 1 + length);
}

test('Items.proto loads and defaults to Items, the message nothing refers to', () => {
  const loaded = loadProtoSchema(readFileSync(join(schemas, 'Items.proto'), 'utf8'));
  assert.ok(loaded.ok);
  assert.deepEqual(loaded.messageTypes, ['Item', 'Items']);
  assert.equal(loaded.defaultType, 'Items');
});

test('message types are listed by full name, nested ones included', () => {
  const loaded = loadProtoSchema('syntax = "proto3"; package shop;\nmessage Order { message Line { int32 n = 1; } repeated Line lines = 1; }');
  assert.ok(loaded.ok);
  assert.deepEqual(loaded.messageTypes, ['shop.Order', 'shop.Order.Line']);
  assert.equal(loaded.defaultType, 'shop.Order');
});

test('among several unreferenced messages the last top-level one is the default', () => {
  const loaded = loadProtoSchema('syntax = "proto3";\nmessage A { int32 a = 1; }\nmessage B { int32 b = 1; }');
  assert.ok(loaded.ok);
  assert.equal(loaded.defaultType, 'B');
});

test('a message type is found by short name, and an unknown name lists the declared ones', () => {
  const loaded = loadProtoSchema('syntax = "proto3"; package shop;\nmessage Order { int32 n = 1; }');
  assert.ok(loaded.ok);
  const found = findMessageType(loaded, 'Order');
  assert.ok(!('problem' in found));
  assert.equal(found.fullName, '.shop.Order');
  const missing = findMessageType(loaded, 'Invoice');
  assert.ok('problem' in missing);
  assert.match(missing.problem, /no message type 'Invoice'.*shop\.Order/);
});

test('a proto syntax error carries the line and the column of the offending token', () => {
  const text = 'syntax = "proto3";\nmessage A {\n  int32 x = ;\n}\n';
  const problem = protoError(text);
  assert.equal(problem.line, 3);
  assert.equal(at(text, problem, 1), ';');
  assert.match(problem.message, /illegal id ';'/);
  assert.doesNotMatch(problem.message, /\(line/);
});

test('a proto type that does not exist is located where it is used', () => {
  const text = 'syntax = "proto3";\nmessage A {\n  int32 a = 1;\n  Missing b = 2;\n}\n';
  const problem = protoError(text);
  assert.deepEqual([problem.line, at(text, problem, 7)], [4, 'Missing']);
  assert.match(problem.message, /Missing/);
});

test('a duplicate proto field number is located at its second use', () => {
  const text = 'syntax = "proto3";\nmessage A {\n  int32 x = 1;\n  int32 y = 1;\n}\n';
  const problem = protoError(text);
  assert.equal(problem.line, 4);
  assert.equal(at(text, problem, 1), '1');
});

test('a proto file that ends too early is located at its end', () => {
  const text = 'syntax = "proto3";\nmessage A {\n  int32 x = 1;\n';
  const problem = protoError(text);
  assert.equal(problem.line, 3);
  assert.match(problem.message, /end of input/);
});

test('an imported type that was never read names the import and how to give its folder', () => {
  const problem = protoError('syntax = "proto3";\nimport "other.proto";\nmessage A { other.B b = 1; }\n');
  assert.match(problem.message, /imports were not read: other\.proto; give their folder with payloadLab\.protoIncludePaths or -I DIR/);
});

test('Items.avsc loads', () => {
  const loaded = loadAvscSchema(readFileSync(join(schemas, 'Items.avsc'), 'utf8'));
  assert.ok(loaded.ok);
  assert.equal(loaded.type.name, 'Items');
});

test('an avsc JSON syntax error carries the line and column of the mistake', () => {
  const text = '{"type": "record", "name": "A", "fields": [\n  {"name": "x", "type": "int"},\n]}';
  const problem = avscError(text);
  assert.match(problem.message, /JSON syntax error: trailing comma/);
  assert.deepEqual([problem.line, at(text, problem, 1)], [3, ']']);
});

test('an undefined Avro type name is located at the name', () => {
  const text = '{"type": "record", "name": "A", "fields": [\n  {"name": "x", "type": "int"},\n  {"name": "y", "type": "Nowhere"}\n]}';
  const problem = avscError(text);
  assert.match(problem.message, /undefined type name: Nowhere/);
  assert.deepEqual([problem.line, at(text, problem, 9)], [3, '"Nowhere"']);
});

test('an invalid Avro name is located at the name', () => {
  const text = '{\n  "type": "record",\n  "name": "1st",\n  "fields": []\n}';
  const problem = avscError(text);
  assert.deepEqual([problem.line, at(text, problem, 5)], [3, '"1st"']);
});

test('an Avro array without items is located at the array schema', () => {
  const text = '{"type": "record", "name": "A", "fields": [\n  {"name": "x", "type": {"type": "array"}}\n]}';
  const problem = avscError(text);
  assert.match(problem.message, /missing array items/);
  assert.deepEqual([problem.line, at(text, problem, 8)], [2, '{"type":']);
});

test('a duplicate Avro enum symbol is located at its second occurrence', () => {
  const text = '{"type": "enum", "name": "E",\n "symbols": ["A", "B",\n "A"]}';
  const problem = avscError(text);
  assert.deepEqual([problem.line, at(text, problem, 3)], [3, '"A"']);
});

test('an Avro field without a type is named and located', () => {
  const text = '{"type": "record", "name": "A", "fields": [\n  {"name": "x"}\n]}';
  const problem = avscError(text);
  assert.match(problem.message, /record field has no "type"/);
  assert.deepEqual([problem.line, problem.column], [2, 3]);
});

test('checkProvidedSchema returns the problem of an unknown --type', () => {
  const source = readFileSync(join(schemas, 'Items.proto'), 'utf8');
  assert.equal(checkProvidedSchema({ kind: 'proto', source }), undefined);
  assert.match(checkProvidedSchema({ kind: 'proto', source, typeName: 'Nope' })?.problem.message ?? '', /no message type 'Nope'.*Item, Items/);
});
