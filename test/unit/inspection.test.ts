/**
 * The decoded-output inspector's engine, with the real libraries: the tree of original and
 * decoded values side by side, remnants located at exact paths, jumping between findings,
 * paged bytes and copies; then the same through a real inspection worker, including how it
 * fails.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { pack } from 'msgpackr';
import { Inspection } from '../../src/inspect/inspection';
import { InspectorService } from '../../src/engine/inspector-service';
import { liveWorkerCount } from '../../src/engine/worker-launch';
import type { TreeNode, DecodedOutputJob } from '../../src/shared/inspector';
import { tuplesSample, workerScript } from '../support/paths';

function job(codec: string, text: string, name = 'sample.json'): DecodedOutputJob {
  return { codec: { builtin: codec }, sample: { path: name, kind: 'json', bytes: Buffer.from(text, 'utf8') } };
}

const TUPLES = fs.readFileSync(tuplesSample, 'utf8');

function childNamed(nodes: TreeNode[], label: string): TreeNode {
  const node = nodes.find((candidate) => candidate.label === label);
  assert.ok(node, `no row ${label} among ${nodes.map((n) => n.label).join(', ')}`);
  return node;
}

test('protobufjs on the bundled dataset: every record is a Message, marked on its row and reachable as a finding', async () => {
  const inspection = await Inspection.open(job('protobufjs', TUPLES, 'tuples.json'));
  const opened = inspection.opened();
  const records = (JSON.parse(TUPLES) as { items: unknown[] }).items.length;
  assert.equal(opened.root.childCount, 1);
  assert.equal(opened.findings.prototype?.total, records + 1, 'the root message and each record');
  const items = childNamed(inspection.children([], 0, 10).nodes, 'items');
  assert.equal(items.childCount, records);
  assert.equal(items.original?.type, 'array');
  const page = inspection.children(['items'], 100, 3);
  assert.deepEqual(
    page.nodes.map((node) => node.label),
    ['[100]', '[101]', '[102]'],
  );
  assert.equal(page.total, records);
  const record = page.nodes[0]!;
  assert.equal(record.original?.type, 'object');
  assert.match(record.decoded?.type ?? '', /protobufjs/, 'the decoded row names the class');
  // A protobufjs Message: its prototype, the enumerable field defaults it inherits, and toJSON.
  assert.deepEqual(
    record.remnants.map((r) => r.kind),
    ['prototype', 'inherited-enumerable', 'to-json'],
  );
  assert.equal(record.differs, false, 'the same data: only the prototype differs');

  const first = inspection.finding('prototype', null, 1);
  assert.ok(first);
  assert.equal(first.finding.path, '$');
  const second = inspection.finding('prototype', first.ordinal, 1);
  assert.equal(second?.finding.path, '$.items[0]');
  assert.deepEqual(second?.indexes, [0, 0]);
  assert.equal(inspection.finding('prototype', first.ordinal, -1), null, 'nothing before the first');
});

test('msgpackr on the bundled dataset: plain data, no findings, and the bytes are the library’s own', async () => {
  const inspection = await Inspection.open(job('msgpackr', TUPLES, 'tuples.json'));
  const opened = inspection.opened();
  assert.deepEqual(opened.findings, {});
  const encoded = pack(JSON.parse(TUPLES));
  assert.equal(opened.encodedBytes, encoded.byteLength);
  const page = inspection.bytes(4096, 4096);
  assert.equal(page.offset, 4096);
  assert.equal(page.total, encoded.byteLength);
  assert.deepEqual(page.bytes, [...encoded.subarray(4096, 8192)]);
  const last = inspection.bytes(encoded.byteLength - 10, 4096);
  assert.equal(last.bytes.length, 10, 'the last page ends with the encoding');
  assert.equal(inspection.copy('hex', { offset: 0, length: 16 }).text, Buffer.from(encoded.subarray(0, 16)).toString('hex'));
  assert.equal(inspection.copy('base64', 'all').text, Buffer.from(encoded).toString('base64'));
});

test('a "__proto__" key: msgpackr renames it, and both keys get a row, each on its own side', async () => {
  const inspection = await Inspection.open(job('msgpackr', '{"__proto__": {"x": 1}, "a": 2}'));
  const rows = inspection.children([], 0, 10).nodes;
  assert.deepEqual(
    rows.map((row) => row.label),
    ['__proto__', 'a', '__proto_'],
  );
  const [original, , renamed] = rows as [TreeNode, TreeNode, TreeNode];
  assert.equal(original.decoded, null, 'gone from the decoded object');
  assert.equal(original.differs, true);
  assert.deepEqual(
    original.remnants.map((r) => r.kind),
    ['rename'],
  );
  assert.equal(renamed.original, null, 'only the decoded object has it');
  const found = inspection.finding('difference', null, 1);
  assert.equal(found?.finding.kind, 'rename');
  assert.deepEqual(found?.indexes, [0]);
});

test('an integer above 2^53: the precision JSON.parse lost is marked at its row', async () => {
  const inspection = await Inspection.open(job('cbor-x', '{"id": 9007199254740993, "n": 1}'));
  const id = childNamed(inspection.children([], 0, 10).nodes, 'id');
  assert.equal(id.remnants[0]?.kind, 'precision');
  assert.match(id.remnants[0]?.detail ?? '', /9007199254740993.*JSON\.parse/);
  assert.equal(inspection.opened().findings.precision?.total, 1);
});

test('a value changed on the way: the row differs and shows both sides', async () => {
  // avsc infers float for nothing: give it a schema where y is a float, so 0.1 comes back rounded.
  const sample = '{"y": 0.1}';
  const inspection = await Inspection.open({
    ...job('avsc', sample),
    schema: { kind: 'avsc', source: '{"type":"record","name":"R","fields":[{"name":"y","type":"float"}]}' },
  });
  const y = childNamed(inspection.children([], 0, 10).nodes, 'y');
  assert.equal(y.original?.preview, '0.1');
  assert.notEqual(y.decoded?.preview, '0.1');
  assert.equal(y.differs, true);
  assert.deepEqual(
    y.remnants.map((r) => r.kind),
    ['precision'],
  );
});

test('through a real worker, 5,000 levels deep: the finding at the bottom is found, located and its row opened', async () => {
  // In a worker, as in a run: msgpackr itself recurses, and a worker's stack takes 5,000 levels.
  const depth = 5_000;
  const text = `${'{"a":'.repeat(depth)}{"__proto__":1}${'}'.repeat(depth)}`;
  const service = new InspectorService();
  const opened = await service.open('msgpackr', { sample: { path: 'deep.json', kind: 'json', bytes: Buffer.from(text) }, workerScript });
  assert.equal(opened.findings.rename?.total, 1);
  const found = await service.ask(opened.sessionId, 'inspector-finding', { filter: 'rename', from: null, direction: 1 });
  assert.ok(found);
  assert.equal(found.indexes.length, depth + 1, 'one index per level, the key itself included');
  assert.ok(found.finding.path.startsWith('$.a.a.a'));
  const bottom = await service.ask(opened.sessionId, 'inspector-children', { steps: Array<string>(depth).fill('a'), offset: 0, limit: 10 });
  assert.deepEqual(bottom.nodes.map((node) => node.label).sort(), ['__proto_', '__proto__']);
  await service.close();
});

test('through a real worker: open, page, close; a closed session says so', async () => {
  const service = new InspectorService();
  const opened = await service.open('msgpackr', { sample: { path: 'sample.json', kind: 'json', bytes: Buffer.from('[1, [2, 3], {"a": "b"}]') }, workerScript });
  assert.equal(opened.codec, 'msgpackr');
  assert.equal(opened.root.childCount, 3);
  const page = await service.ask(opened.sessionId, 'inspector-children', { steps: [1], offset: 0, limit: 10 });
  assert.deepEqual(
    page.nodes.map((node) => node.decoded?.preview),
    ['2', '3'],
  );
  const bytes = await service.ask(opened.sessionId, 'inspector-bytes', { offset: 0, length: 64 });
  assert.deepEqual(bytes.bytes, [...pack([1, [2, 3], { a: 'b' }])]);
  assert.equal(liveWorkerCount(), 1);
  await service.close();
  assert.equal(liveWorkerCount(), 0, 'closing waits for the inspection worker to exit');
  await assert.rejects(service.ask(opened.sessionId, 'inspector-children', { steps: [], offset: 0, limit: 10 }), /closed/);
});

test('closing while the output is still being decoded stops the worker; the open says it was closed', async () => {
  const service = new InspectorService();
  const opening = service.open('msgpackr', { sample: { path: 'sample.json', kind: 'json', bytes: Buffer.from(fs.readFileSync(tuplesSample)) }, workerScript });
  await service.close();
  await assert.rejects(opening, /closed before the decoded output was ready/);
  assert.equal(liveWorkerCount(), 0);
});

test('through a real worker: a decoder out of memory is an error that says so, not a dead host', async () => {
  const service = new InspectorService();
  const big = JSON.stringify(Array.from({ length: 200_000 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ['a', 'b'] })));
  await assert.rejects(
    service.open('protobufjs', { sample: { path: 'big.json', kind: 'json', bytes: Buffer.from(big) }, workerScript, memoryLimitMb: 16 }),
    /protobufjs could not be inspected \((memory|crash)\)/,
  );
  // The service still works afterwards.
  const opened = await service.open('json', { sample: { path: 'small.json', kind: 'json', bytes: Buffer.from('{"a": 1}') }, workerScript });
  assert.equal(opened.root.childCount, 1);
  await service.close();
});
