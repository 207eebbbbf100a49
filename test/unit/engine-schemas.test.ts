import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { compareSample } from '../../src/engine/compare';
import { generateFromSchema } from '../../src/schema/generate-sample';
import { SchemaInputError } from '../../src/schema/schema-problem';
import type { CodecResult, CompletedResult, ComparisonReport } from '../../src/shared/results';
import { cliScript, FAST, FAST_ARGS, repoRoot, sampleFrom, tuplesSample } from '../support/paths';
import type { ProvidedSchema } from '../../src/shared/codec-job';
import { noteText } from '../../src/shared/row-facts-text';
import { noteOf } from '../support/notes';

const itemsProtoPath = path.join(repoRoot, 'schemas', 'Items.proto');
const itemsAvscPath = path.join(repoRoot, 'schemas', 'Items.avsc');
const itemsProto: ProvidedSchema = { kind: 'proto', source: fs.readFileSync(itemsProtoPath, 'utf8'), path: itemsProtoPath, typeName: 'Items' };
const itemsAvsc: ProvidedSchema = { kind: 'avsc', source: fs.readFileSync(itemsAvscPath, 'utf8'), path: itemsAvscPath };
const SCHEMA_CODECS = ['avsc', 'protobufjs'];

function row(report: ComparisonReport, codec: string): CodecResult {
  const found = report.results.find((result) => result.codec === codec);
  assert.ok(found, `no row for ${codec}`);
  return found;
}

function completed(report: ComparisonReport, codec: string): CompletedResult {
  const found = row(report, codec);
  assert.equal(found.status, 'completed', found.status === 'completed' ? '' : `${codec}: ${found.error.stage}: ${found.error.message}`);
  return found as CompletedResult;
}

function assertNear(actual: number | null, expected: number, tolerance: number, what: string): void {
  assert.ok(actual !== null && Math.abs(actual - expected) <= tolerance, `${what}: ${actual}, expected ${expected} ± ${tolerance}`);
}

const tuples = { path: tuplesSample };
const withProto = compareSample(tuples, { ...FAST, codecs: SCHEMA_CODECS, schema: itemsProto });
const withAvsc = compareSample(tuples, { ...FAST, codecs: SCHEMA_CODECS, schema: itemsAvsc });

test('with Items.proto as given, protobufjs takes 0.42 ± 0.01 of the JSON bytes of the dataset', async () => {
  const protobufjs = completed(await withProto, 'protobufjs');
  assert.equal(protobufjs.schema, 'provided');
  assertNear(protobufjs.ratio, 0.42, 0.01, 'protobufjs ratio');
  assert.equal(protobufjs.schemaText, itemsProto.source);
});

test('with Items.proto given, avsc runs on an Avro schema derived from it and says so', async () => {
  const avsc = completed(await withProto, 'avsc');
  assert.equal(avsc.schema, 'derived');
  assertNear(avsc.ratio, 0.32, 0.01, 'avsc ratio');
  assert.deepEqual(
    noteOf(avsc.notes, 'schema-derived'),
    { code: 'schema-derived', format: 'Avro', from: 'Items.proto (message Items)' },
    avsc.notes.map(noteText).join('; '),
  );
  assert.equal(JSON.parse(avsc.schemaText ?? '').name, 'Items');
});

test('with Items.avsc as given, avsc takes 0.32 ± 0.01 of the JSON bytes of the dataset', async () => {
  const avsc = completed(await withAvsc, 'avsc');
  assert.equal(avsc.schema, 'provided');
  assertNear(avsc.ratio, 0.32, 0.01, 'avsc ratio');
});

test('with Items.avsc given, protobufjs runs on a derived proto3 schema, round trip intact', async () => {
  const protobufjs = completed(await withAvsc, 'protobufjs');
  assert.equal(protobufjs.schema, 'derived');
  assertNear(protobufjs.ratio, 0.42, 0.01, 'protobufjs ratio');
  assert.equal(protobufjs.roundTrip.status, 'equivalent');
  assert.match(protobufjs.schemaText ?? '', /message Item \{/);
});

test('a sample that does not fit the given .proto errors at prepare with path, value and expected type', async () => {
  const sample = sampleFrom({
    items: [
      { x: 1, y: 2.5, z: 3.5 },
      { x: 'two', y: 2.5, z: 3.5 },
    ],
  });
  const report = await compareSample(sample, { ...FAST, codecs: ['protobufjs'], schema: itemsProto });
  const protobufjs = row(report, 'protobufjs');
  assert.equal(protobufjs.status, 'errored');
  assert.ok(protobufjs.status === 'errored');
  assert.equal(protobufjs.error.stage, 'prepare');
  assert.match(protobufjs.error.message, /\$\.items\[1\]\.x is "two", expected int32/);
});

test('a sample that does not fit the given .avsc errors at prepare with path, value and expected type', async () => {
  const sample = sampleFrom({
    items: [
      { x: 1, y: 2.5, z: 3.5 },
      { x: 1, y: 2.5, z: 'far' },
    ],
  });
  const report = await compareSample(sample, { ...FAST, codecs: ['avsc'], schema: itemsAvsc });
  const avsc = row(report, 'avsc');
  assert.ok(avsc.status === 'errored', avsc.status);
  assert.equal(avsc.error.stage, 'prepare');
  assert.match(avsc.error.message, /\$\.items\[1\]\.z is "far", expected double/);
});

test('a schema that does not parse stops the comparison with its file, line and column', async () => {
  const schema: ProvidedSchema = { kind: 'proto', source: 'syntax = "proto3";\nmessage A {\n  int32 x = ;\n}\n', path: 'broken.proto' };
  await assert.rejects(compareSample(sampleFrom({ x: 1 }), { ...FAST, schema }), (error: unknown) => {
    assert.ok(error instanceof SchemaInputError);
    assert.deepEqual([error.problem.line, error.problem.column], [3, 13]);
    assert.match(error.message, /^broken\.proto:3:13: illegal id ';'/);
    return true;
  });
});

test('a list of records against a record schema is encoded as a list, and the rows say so', async () => {
  const sample = sampleFrom([
    { x: 1, y: 2.5, z: 3.5 },
    { x: 2, y: 0.5, z: 1.5 },
  ]);
  const report = await compareSample(sample, { ...FAST, codecs: SCHEMA_CODECS, schema: { ...itemsProto, typeName: 'Item' } });
  for (const codec of SCHEMA_CODECS) {
    const result = completed(report, codec);
    assert.equal(result.roundTrip.status, 'equivalent', `${codec}: ${JSON.stringify(result.roundTrip)}`);
    assert.ok(
      result.notes.map(noteText).some((note) => /list of/.test(note)),
      `${codec}: ${result.notes.map(noteText).join('; ')}`,
    );
  }
});

test('an Avro union protobuf cannot express skips the protobufjs row with the reason', async () => {
  const schema: ProvidedSchema = { kind: 'avsc', source: JSON.stringify({ type: 'record', name: 'R', fields: [{ name: 'v', type: ['int', 'string'] }] }) };
  const report = await compareSample(sampleFrom({ v: 'text' }), { ...FAST, codecs: SCHEMA_CODECS, schema });
  completed(report, 'avsc');
  const protobufjs = row(report, 'protobufjs');
  assert.ok(protobufjs.status === 'skipped', protobufjs.status);
  assert.match(protobufjs.error.message, /R\.v is a union of int, string/);
});

test('doubles as float shrink both schema codecs and the round trip reports the rounding', async () => {
  const [doubles, floats] = await Promise.all([
    compareSample(tuples, { ...FAST, codecs: SCHEMA_CODECS }),
    compareSample(tuples, { ...FAST, codecs: SCHEMA_CODECS, variants: { doubles: 'float' } }),
  ]);
  for (const codec of SCHEMA_CODECS) {
    const before = completed(doubles, codec);
    const after = completed(floats, codec);
    assert.ok(after.bytes < before.bytes * 0.7, `${codec}: ${after.bytes} vs ${before.bytes}`);
    assert.equal(after.roundTrip.status, 'lossy');
    assert.ok(after.roundTrip.differences.some((difference) => /^\$\.items\[\d+\]\.[yz]$/.test(difference.path)));
  }
});

test('fixed-width integers grow protobufjs and leave avsc alone', async () => {
  const [auto, fixed] = await Promise.all([
    compareSample(tuples, { ...FAST, codecs: SCHEMA_CODECS }),
    compareSample(tuples, { ...FAST, codecs: SCHEMA_CODECS, variants: { integers: 'fixed' } }),
  ]);
  assert.ok(completed(fixed, 'protobufjs').bytes > completed(auto, 'protobufjs').bytes);
  assert.equal(completed(fixed, 'avsc').bytes, completed(auto, 'avsc').bytes);
  assert.match(completed(fixed, 'protobufjs').schemaText ?? '', /sfixed32 x = 1;/);
});

test('records generated from a .proto run through every codec; avsc fills in what proto3 leaves out', async () => {
  const schema: ProvidedSchema = {
    kind: 'proto',
    source:
      'syntax = "proto3";\nenum Kind { NONE = 0; A = 1; B = 2; }\nmessage Point { sint32 x = 1; double y = 2; Kind kind = 3; repeated string tags = 4; optional bytes blob = 5; }',
  };
  const generated = generateFromSchema(schema, { count: 200, seed: 11 });
  const report = await compareSample({ path: generated.description, bytes: Buffer.from(JSON.stringify(generated.records)), kind: 'json' }, { ...FAST, schema });
  for (const result of report.results) completed(report, result.codec);
  // protobufjs hands back plain objects here: toObject restores the enum names and base64 text.
  assert.equal(completed(report, 'protobufjs').roundTrip.status, 'exact');
  // Generated proto3 records always hold their lists, and leave out some unset optionals; the
  // derived Avro schema has no absence and gives those back as null, which proto3 JSON reads as
  // not set: the same message by the .proto's rules, the nulls named among the remnants.
  const avsc = completed(report, 'avsc');
  assert.equal(avsc.roundTrip.status, 'equivalent');
  assert.deepEqual(avsc.roundTrip.differences, []);
  const filled = avsc.remnants.filter((remnant) => /\.blob$/.test(remnant.path));
  assert.ok(filled.length > 0, JSON.stringify(avsc.remnants));
  assert.ok(
    filled.every((remnant) => remnant.kind === 'extra-key' && /absent in the original, decoded as null/.test(remnant.detail)),
    JSON.stringify(filled),
  );
});

function cli(...args: string[]) {
  const run = spawnSync(process.execPath, [cliScript, ...args], { encoding: 'utf8', timeout: 120_000 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

function tempFile(name: string, content: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-schema-')), name);
  fs.writeFileSync(file, content);
  return file;
}

test('the CLI exits 2 on a schema syntax error and names file:line:column', () => {
  const file = tempFile('broken.avsc', '{"type": "record", "name": "A", "fields": [\n  {"name": "x", "type": "Nowhere"}\n]}');
  const { code, stderr, stdout } = cli('compare', tuplesSample, '--avsc', file, ...FAST_ARGS);
  assert.equal(code, 2);
  assert.ok(stderr.includes(`${file}:2:25: Avro schema error: undefined type name: Nowhere`), stderr);
  assert.equal(stdout, '');
});

test('the CLI compares with --proto and --type, and reports provided and derived rows as JSON', () => {
  const { code, stdout, stderr } = cli(
    'compare',
    tuplesSample,
    '--proto',
    itemsProtoPath,
    '--type',
    'Items',
    '--codecs',
    'avsc,protobufjs',
    '--json',
    ...FAST_ARGS,
  );
  assert.equal(code, 0, stderr);
  const report = JSON.parse(stdout) as ComparisonReport;
  assert.deepEqual(
    report.results.map((result) => [result.codec, result.schema]),
    [
      ['avsc', 'derived'],
      ['protobufjs', 'provided'],
    ],
  );
});

test('the CLI generates --samples records from --avsc when no sample file is given', () => {
  const { code, stdout, stderr } = cli('compare', '--avsc', itemsAvscPath, '--samples', '50', '--seed', '4', '--codecs', 'avsc', '--json', ...FAST_ARGS);
  assert.equal(code, 0, stderr);
  const report = JSON.parse(stdout) as ComparisonReport;
  assert.equal(report.input.path, '50 records generated from Items.avsc, seed 4 (depth ≤ 3, ≤ 4 KB per record)');
  assert.equal(report.input.records, 50);
});

test('the CLI refuses variant flags alongside a given schema', () => {
  const { code, stderr } = cli('compare', tuplesSample, '--proto', itemsProtoPath, '--integers', 'zigzag');
  assert.equal(code, 2);
  assert.match(stderr, /shape inferred schemas; the --proto schema is used as given/);
});

test('payload-lab schema prints the inferred schema, with variants', () => {
  const proto = cli('schema', tuplesSample, '--format', 'proto', '--integers', 'zigzag');
  assert.equal(proto.code, 0, proto.stderr);
  assert.match(proto.stdout, /sint32 x = 1; \/\/ sint32: integers zigzag \(variant\)/);
  const avsc = cli('schema', tuplesSample, '--format', 'avsc');
  assert.equal(avsc.code, 0, avsc.stderr);
  assert.equal(JSON.parse(avsc.stdout).fields[0].name, 'items');
});

test('payload-lab schema --proto prints the Avro schema derived from it', () => {
  const { code, stdout, stderr } = cli('schema', '--proto', itemsProtoPath);
  assert.equal(code, 0, stderr);
  assert.match(JSON.parse(stdout).doc, /Derived by Payload Lab from the protobuf message Items/);
});
