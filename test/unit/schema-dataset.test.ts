import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as avro from 'avsc';
import * as protobuf from 'protobufjs';

const schemas = join(__dirname, '..', '..', 'schemas');
const datasetPath = join(schemas, 'tuples.json');
const datasetBytes = readFileSync(datasetPath);
const dataset = JSON.parse(datasetBytes.toString('utf8')) as { items: { x: number; y: number; z: number }[] };

/** The published benchmark's seed rows, written out here so the test states the spec itself. */
const SEED = [
  [1, 4.1040000000000004, 1.1009999999999994],
  [2, 4.371033333333333, 0.36703333333333266],
  [3, 5.171833333333334, 0.4337666666666671],
  [4, 6.473133333333333, 0.36703333333333354],
];

test('the bundled tuple dataset exists as one line of minified JSON', () => {
  assert.ok(existsSync(datasetPath));
  const text = datasetBytes.toString('utf8');
  assert.equal(text.includes('\n'), false);
  assert.equal(JSON.stringify(dataset), text);
});

test('the dataset starts with the benchmark seed tuples', () => {
  const firstFour = dataset.items.slice(0, 4).map(({ x, y, z }) => [x, y, z]);
  assert.deepEqual(firstFour, SEED);
});

test('the dataset holds only x, y and z in every item', () => {
  for (const item of dataset.items) assert.deepEqual(Object.keys(item), ['x', 'y', 'z']);
});

test('re-running the generator reproduces the dataset byte for byte', () => {
  const dir = mkdtempSync(join(tmpdir(), 'payload-lab-tuples-'));
  try {
    const output = join(dir, 'tuples.json');
    execFileSync(process.execPath, [join(schemas, 'make-tuples.mjs'), output], { stdio: 'pipe' });
    assert.ok(readFileSync(output).equals(datasetBytes));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the dataset is the first growth step of at least 1,000,000 bytes', () => {
  // One growth step adds an eighth of the list, so the first step past 1 MB stays below 1.13 MB.
  assert.ok(datasetBytes.length >= 1_000_000, `${datasetBytes.length} bytes`);
  assert.ok(datasetBytes.length < 1_130_000, `${datasetBytes.length} bytes`);
});

test('every x in the dataset is an int32 and every y and z a finite double', () => {
  for (const { x, y, z } of dataset.items) {
    assert.ok(Number.isInteger(x) && x >= -(2 ** 31) && x < 2 ** 31, `x = ${x}`);
    assert.ok(Number.isFinite(y) && Number.isFinite(z));
  }
});

test('Items.avsc parses with avsc and validates the dataset', () => {
  const schema = JSON.parse(readFileSync(join(schemas, 'Items.avsc'), 'utf8')) as avro.Schema;
  const type = avro.Type.forSchema(schema);
  assert.equal(type.isValid(dataset), true);
});

test('Items.proto parses with protobufjs and verify accepts the dataset', () => {
  const source = readFileSync(join(schemas, 'Items.proto'), 'utf8');
  const items = protobuf.parse(source, { keepCase: true }).root.lookupType('Items');
  assert.equal(items.verify(dataset), null);
});

test('re-running the events generator reproduces the string-heavy dataset byte for byte', () => {
  const dir = mkdtempSync(join(tmpdir(), 'payload-lab-events-'));
  try {
    const output = join(dir, 'events.json');
    execFileSync(process.execPath, [join(schemas, 'make-events.mjs'), output], { stdio: 'pipe' });
    const committed = readFileSync(join(schemas, 'events.json'));
    assert.ok(readFileSync(output).equals(committed));
    // String-heavy: most of its bytes are string values, not numbers or structure.
    const events = JSON.parse(committed.toString('utf8')) as Array<Record<string, unknown>>;
    let stringBytes = 0;
    JSON.stringify(events, (_key, value: unknown) => {
      if (typeof value === 'string') stringBytes += Buffer.byteLength(value, 'utf8');
      return value;
    });
    assert.ok(stringBytes / committed.length > 0.5, `${stringBytes} of ${committed.length} bytes are string values`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
