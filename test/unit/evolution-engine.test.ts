/**
 * The schema-change engine on the bundled schemas and on bad input: reinterpreted values with
 * examples that agree with the wire arithmetic, a refusal with its reason and fix, located
 * problems, the re-encode check, more than two versions, progress and cancellation.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CancelledError } from '../../src/shared/cancelled';
import { checkSchemaChange, type SchemaChangeInput } from '../../src/evolution/check-schema-change';
import type { EvolutionCell, EvolutionProgress, EvolutionReport, EvolutionResult } from '../../src/shared/evolution';

const repo = path.join(__dirname, '..', '..');
const itemsProto = fs.readFileSync(path.join(repo, 'schemas', 'Items.proto'), 'utf8');
const itemsAvsc = fs.readFileSync(path.join(repo, 'schemas', 'Items.avsc'), 'utf8');

function completed(result: EvolutionResult): EvolutionReport {
  assert.equal(result.status, 'completed', JSON.stringify(result));
  return (result as { report: EvolutionReport }).report;
}

const cell = (report: EvolutionReport, writer: number, reader: number): EvolutionCell =>
  report.cells.find((each) => each.writer === writer && each.reader === reader)!;
const reading = (each: EvolutionCell) => each.readings.find((candidate) => candidate.mode === each.needs.mode)!;

function changedItems(from: string, to: string): SchemaChangeInput['versions'] {
  assert.ok(itemsProto.includes(from));
  return [
    { path: 'schemas/Items.proto', text: itemsProto },
    { path: 'Items.changed.proto', text: itemsProto.replace(from, to) },
  ];
}

test('Items.proto with x changed from int32 to sint32: the values come back zigzag-decoded, with examples', async () => {
  const report = completed(await checkSchemaChange({ versions: changedItems('int32 x = 1;', 'sint32 x = 1;'), generate: { count: 50, seed: 1 } }));
  const found = reading(cell(report, 0, 1)).reinterpreted;
  assert.deepEqual(
    found.map((each) => each.path),
    ['$.items[*].x'],
  );
  assert.match(found[0]!.reason, /zigzag/);
  assert.ok(found[0]!.examples.length > 0);
  for (const example of found[0]!.examples) {
    // int32 n goes out as the varint of n (sign-extended); sint32 takes its low 32 bits as zigzag.
    const bits = (example.written as number) >>> 0;
    assert.equal(example.read, (bits >>> 1) ^ -(bits & 1), example.path);
  }
  const reverse = reading(cell(report, 1, 0)).reinterpreted[0]!;
  for (const example of reverse.examples) {
    const n = example.written as number;
    assert.equal(example.read, (n << 1) ^ (n >> 31), `zigzag of ${n} read as a plain int32`);
  }
  assert.equal(report.pairs[0]!.mode, 'NONE');
  assert.ok(report.pairs[0]!.buf!.breaks.includes('WIRE'));
});

test('Items.proto with y changed from double to float: every y reads as the default, the wire type said', async () => {
  const report = completed(await checkSchemaChange({ versions: changedItems('double y = 2;', 'float y = 2;'), generate: { count: 50, seed: 1 } }));
  for (const [writer, reader] of [
    [0, 1],
    [1, 0],
  ] as const) {
    const found = reading(cell(report, writer, reader)).reinterpreted;
    assert.deepEqual(
      found.map((each) => each.path),
      ['$.items[*].y'],
    );
    assert.match(found[0]!.reason, /64-bit fixed.*32-bit fixed|32-bit fixed.*64-bit fixed/);
    for (const example of found[0]!.examples) {
      assert.notEqual(example.written, 0);
      assert.equal(example.read, 0);
    }
    // x and z still read back as written.
    assert.ok(reading(cell(report, writer, reader)).equal > 0);
  }
});

test('an Avro field added without a default: old data through the new reader is refused, with the reason and the fix', async () => {
  const schema = JSON.parse(itemsAvsc) as { fields: { type: { items: { fields: unknown[] } } }[] };
  schema.fields[0]!.type.items.fields.push({ name: 'w', type: 'int' });
  const report = completed(
    await checkSchemaChange({
      versions: [
        { path: 'Items.avsc', text: itemsAvsc },
        { path: 'Items.new.avsc', text: JSON.stringify(schema, null, 2) },
      ],
      generate: { count: 20, seed: 1 },
    }),
  );
  const backward = cell(report, 0, 1);
  assert.equal(backward.verdict, 'refused');
  const refused = reading(backward).refused!;
  assert.match(refused.message, /default-less Item\.w/);
  assert.equal(refused.record, null, 'the resolver refuses before any record');
  assert.match(refused.reason!, /field w of Item has no default/);
  assert.match(refused.fix!, /give field w of Item a default in new \(Items\.new\.avsc\), e\.g\. "default": 0/);
  assert.match(backward.needs.why, /without a resolver avsc fails \("truncated buffer"\)/);
  // The new writer's w is simply dropped by the old reader.
  assert.equal(cell(report, 1, 0).verdict, 'dropped');
  assert.equal(report.pairs[0]!.registry.mode, 'FORWARD');
  assert.ok(report.pairs[0]!.registry.backward[0]!.newer, 'the finding points at the new field');
});

test('a version that does not load is reported at file:line:column, named by version, with every other problem', async () => {
  const result = await checkSchemaChange({
    versions: [
      { path: 'old.avsc', text: '{\n  "type": "record",\n  "name": "A",\n  "fields": [ { "name": "x", "type": "nope" } ]\n}' },
      { path: 'new.avsc', text: '{ "type": "record", "name": "A", "fields": [ ] ' },
    ],
  });
  assert.equal(result.status, 'invalid');
  const problems = (result as { problems: { version?: string; path: string; line: number; column: number; message: string }[] }).problems;
  assert.deepEqual(
    problems.map((problem) => [problem.version, problem.path]),
    [
      ['old', 'old.avsc'],
      ['new', 'new.avsc'],
    ],
  );
  assert.match(problems[0]!.message, /undefined type name: nope/);
  assert.deepEqual([problems[0]!.line, problems[0]!.column], [4, 38]);
  assert.match(problems[1]!.message, /JSON syntax error/);
  const proto = await checkSchemaChange({
    versions: [
      { path: 'a.proto', text: itemsProto },
      { path: 'b.proto', text: 'syntax = "proto3";\nmessage Items {\n  repeated Item items = 1\n}\n' },
    ],
  });
  assert.equal(proto.status, 'invalid');
  const [problem] = (proto as { problems: { version?: string; line: number; message: string }[] }).problems;
  assert.equal(problem!.version, 'new');
  assert.equal(problem!.line, 4);
});

test('two versions with no message type in common say so, and what each declares', async () => {
  const result = await checkSchemaChange({
    versions: [
      { path: 'a.proto', text: 'syntax = "proto3";\nmessage Order { int32 id = 1; }\n' },
      { path: 'b.proto', text: 'syntax = "proto3";\nmessage Invoice { int32 id = 1; }\n' },
    ],
  });
  assert.equal(result.status, 'invalid');
  const [problem] = (result as { problems: { message: string }[] }).problems;
  assert.match(problem!.message, /no message type in common \(old declares Order; new declares Invoice\)/);
  const named = await checkSchemaChange({
    typeName: 'Order',
    versions: [
      { path: 'a.proto', text: 'syntax = "proto3";\nmessage Order { int32 id = 1; }\n' },
      { path: 'b.proto', text: 'syntax = "proto3";\n\nmessage Invoice { int32 id = 1; }\n' },
    ],
  });
  const [missing] = (named as { problems: { version?: string; line: number; message: string }[] }).problems;
  assert.deepEqual([missing!.version, missing!.line], ['new', 3]);
  assert.match(missing!.message, /no message type 'Order' in the file \(it declares: Invoice\)/);
});

test('a .proto with well-known types (Timestamp, Struct): records in their JSON mapping are written and read', async () => {
  const text =
    'syntax = "proto3";\nimport "google/protobuf/timestamp.proto";\nimport "google/protobuf/struct.proto";\nmessage Event {\n  int32 id = 1;\n  google.protobuf.Timestamp at = 2;\n  google.protobuf.Struct meta = 3;\n}\n';
  const report = completed(
    await checkSchemaChange({
      versions: [
        { path: 'a.proto', text },
        { path: 'b.proto', text: text.replace('int32 id', 'sint32 id') },
      ],
      generate: { count: 10, seed: 1 },
    }),
  );
  assert.equal(cell(report, 0, 0).verdict, 'equal');
  assert.deepEqual(
    reading(cell(report, 0, 1)).reinterpreted.map((each) => each.path),
    ['$.id'],
  );
});

test('dropped fields: protobufjs loses them on re-encoding unless its reader keeps unknown fields; avsc always loses them', async () => {
  const proto = completed(
    await checkSchemaChange({ versions: changedItems('double z = 3;', 'double z = 3;\n  string note = 4;'), generate: { count: 20, seed: 1 } }),
  );
  const dropped = reading(cell(proto, 1, 0)).dropped;
  assert.deepEqual(
    dropped.paths.map((entry) => entry.path),
    ['$.items[*].note'],
  );
  assert.equal(dropped.reencode?.kept, false);
  assert.equal(dropped.reencode?.withOption?.kept, true);
  assert.match(dropped.reencode!.withOption!.option, /discardUnknown = false/);
  const corpus = path.join(repo, 'test', 'fixtures', 'evolution', 'avro', 'add-field-with-default');
  const versions = ['old', 'new'].map((label) => ({ path: `${label}.avsc`, text: fs.readFileSync(path.join(corpus, `${label}.avsc`), 'utf8') }));
  const avro = completed(await checkSchemaChange({ versions, generate: { count: 10, seed: 1 } }));
  const avroDropped = reading(cell(avro, 1, 0)).dropped;
  assert.equal(avroDropped.reencode?.kept, false);
  assert.equal(avroDropped.reencode?.withOption, undefined);
});

test('a sample that fits the old version but not the new one: the new writer writes generated records, and the note says where the sample stops fitting', async () => {
  const corpus = path.join(repo, 'test', 'fixtures', 'evolution', 'proto2', 'required-field-added');
  const versions = ['old', 'new'].map((label) => ({ path: `${label}.proto`, text: fs.readFileSync(path.join(corpus, `${label}.proto`), 'utf8') }));
  const report = completed(
    await checkSchemaChange({ versions, sample: { path: 'sample.json', value: [{ id: 1 }, { id: 2 }] }, generate: { count: 5, seed: 1 } }),
  );
  assert.deepEqual(
    report.sample.perWriter.map((writer) => [writer.source, writer.records]),
    [
      ['sample', 2],
      ['generated', 5],
    ],
  );
  assert.match(report.sample.perWriter[1]!.note!, /record 0: \$\.sku is missing, expected string \(required\)/);
  const refused = reading(cell(report, 0, 1)).refused!;
  assert.equal(refused.message, "missing required 'sku'");
  assert.equal(refused.record, 0);
  assert.equal(refused.recordPreview, '{"id":1}');
});

test('three versions: a 3×3 matrix, a label per consecutive pair, and the transitive forms', async () => {
  const record = (fields: object[]) => JSON.stringify({ type: 'record', name: 'Item', fields });
  const versions = [
    record([
      { name: 'id', type: 'int' },
      { name: 'name', type: 'string' },
    ]),
    record([
      { name: 'id', type: 'int' },
      { name: 'name', type: 'string' },
      { name: 'stock', type: 'int', default: 0 },
    ]),
    record([
      { name: 'id', type: 'int' },
      { name: 'stock', type: 'int', default: 0 },
    ]),
  ].map((text, index) => ({ path: `v${index + 1}.avsc`, text }));
  const report = completed(await checkSchemaChange({ versions, generate: { count: 10, seed: 1 } }));
  assert.deepEqual(
    report.versions.map((version) => version.label),
    ['v1', 'v2', 'v3'],
  );
  assert.equal(report.cells.length, 9);
  assert.deepEqual(
    report.pairs.map((pair) => [pair.older, pair.newer, pair.registry.mode, pair.mode]),
    [
      [0, 1, 'FULL', 'FULL'],
      [1, 2, 'BACKWARD', 'BACKWARD'],
    ],
  );
  assert.deepEqual(report.transitive, {
    registry: { backwardTransitive: true, forwardTransitive: false, fullTransitive: false },
    data: { backwardTransitive: true, forwardTransitive: false, fullTransitive: false },
  });
  assert.equal(cell(report, 2, 0).verdict, 'refused', 'v1 cannot read v3 data: name has no default');
});

test('progress: one event per cell, in matrix order, the last with every record done', async () => {
  const events: EvolutionProgress[] = [];
  await checkSchemaChange(
    { versions: changedItems('int32 x = 1;', 'int64 x = 1;'), generate: { count: 10, seed: 1 } },
    { onProgress: (event) => events.push(event) },
  );
  const cells = events.filter((event) => event.cell);
  assert.deepEqual(
    cells.map((event) => [event.cell!.writer, event.cell!.reader]),
    [
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
    ],
  );
  assert.equal(cells.at(-1)!.done, cells.at(-1)!.total);
  assert.equal(cells.at(-1)!.total, 40);
});

test('cancel: an aborted signal stops the check with a CancelledError, mid-run too', async () => {
  const controller = new AbortController();
  controller.abort();
  await assert.rejects(checkSchemaChange({ versions: changedItems('int32 x = 1;', 'int64 x = 1;') }, { signal: controller.signal }), CancelledError);
  const later = new AbortController();
  const cells: unknown[] = [];
  const running = checkSchemaChange(
    { versions: changedItems('int32 x = 1;', 'int64 x = 1;'), generate: { count: 20_000, seed: 1 } },
    {
      signal: later.signal,
      onProgress: (event) => {
        if (event.cell) cells.push(event.cell);
        else later.abort(); // the first slice's progress: the run yields between slices
      },
    },
  );
  await assert.rejects(running, CancelledError);
  assert.ok(cells.length < 4, `stopped before the last cell (${cells.length} reported)`);
});

test('the fixes a refusal suggests, applied to the schema, make the reader read', async () => {
  const corpus = (kind: string, label: string) => fs.readFileSync(path.join(repo, 'test', 'fixtures', 'evolution', 'avro', kind, `${label}.avsc`), 'utf8');
  const check = async (kind: string, newer: unknown) =>
    completed(
      await checkSchemaChange({
        versions: [
          { path: 'old.avsc', text: corpus(kind, 'old') },
          { path: 'new.avsc', text: JSON.stringify(newer) },
        ],
        generate: { count: 10, seed: 1 },
      }),
    );
  type Record = { fields: { name: string; type: unknown; default?: unknown; aliases?: string[] }[] };

  const moved = JSON.parse(corpus('namespace-moved', 'new')) as Record;
  const before = await check('namespace-moved', moved);
  const alias = reading(cell(before, 0, 1)).refused!;
  assert.match(alias.fix!, /add "aliases": \["shop\.Part"\]/);
  (moved.fields[2]!.type as { aliases?: string[] }).aliases = ['shop.Part'];
  assert.equal(cell(await check('namespace-moved', moved), 0, 1).verdict, 'defaults');

  const added = JSON.parse(corpus('add-field-without-default', 'new')) as Record;
  const missing = reading(cell(await check('add-field-without-default', added), 0, 1)).refused!;
  const suggested = /"default": (.+)$/.exec(missing.fix!)![1]!;
  added.fields.at(-1)!.default = JSON.parse(suggested);
  assert.equal(cell(await check('add-field-without-default', added), 0, 1).verdict, 'defaults');
});
