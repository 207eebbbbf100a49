/**
 * Message mode on real workers and real libraries: a 5,000-event JSON Lines stream
 * (schemas/make-event-stream.mjs) with every default codec; each row's sizes add up to what the
 * library gives encoding the records one by one here; the dictionary is measured on held-out
 * messages only; a provided schema describes one message; bad lines stop or are counted.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { serialize as v8Serialize } from 'node:v8';
import * as avro from 'avsc';
import * as protobuf from 'protobufjs';
import { pack } from 'msgpackr';
import { encode as cborEncode } from 'cbor-x';
import { serialize as bsonSerialize } from 'bson';
import { compareMessages } from '../../src/engine/messages/compare-messages';
import { generateFromSchema } from '../../src/schema/generate-sample';
import { SampleInputError } from '../../src/input/parse-sample';
import { findZstdCli } from '../../src/compression/zstd-cli';
import type { CodecResult, CompletedResult } from '../../src/shared/results';
import type { MessageFigures } from '../../src/shared/messages';
import { FAST, repoRoot } from '../support/paths';

const DEFAULT_CODECS = ['json', 'avsc', 'protobufjs', 'msgpackr', 'cbor-x', 'bson', 'v8'];
const noZstdCli = findZstdCli() === undefined && 'no zstd CLI on PATH (apt install zstd)';
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-messages-'));

type MessageRow = CompletedResult & { messages: MessageFigures };

function completed(results: CodecResult[], codec: string): MessageRow {
  const row = results.find((candidate) => candidate.codec === codec);
  assert.ok(row, `no row for ${codec}`);
  assert.equal(row.status, 'completed', `${codec}: ${row.status === 'completed' ? '' : `${row.error.stage}: ${row.error.message}`}`);
  assert.ok((row as CompletedResult).messages, `${codec} has no message figures`);
  return row as MessageRow;
}

/** Each record encoded alone, here, with the library the row names (and the schema it reports). */
function independentBytes(row: MessageRow, records: readonly unknown[]): number {
  const encodeOne: (record: unknown) => Uint8Array = (() => {
    switch (row.codec) {
      case 'json':
        return (record) => Buffer.from(JSON.stringify(record), 'utf8');
      case 'avsc': {
        const type = avro.Type.forSchema(JSON.parse(row.schemaText!));
        return (record) => type.toBuffer(record);
      }
      case 'protobufjs': {
        const type = protobuf.parse(row.schemaText!, { keepCase: true }).root.lookupType('Root');
        return (record) => type.encode(record as Record<string, unknown>).finish();
      }
      case 'msgpackr':
        return (record) => pack(record);
      case 'cbor-x':
        return (record) => cborEncode(record);
      case 'bson':
        return (record) => bsonSerialize(record as Record<string, unknown>);
      case 'v8':
        return (record) => v8Serialize(record);
      default:
        throw new Error(`no independent encoder for ${row.codec}`);
    }
  })();
  return records.reduce<number>((sum, record) => sum + encodeOne(record).byteLength, 0);
}

const streamDir = tempDir();
const STREAM_EVENTS = 5_000;
const streamFile = path.join(streamDir, `events-${STREAM_EVENTS}.jsonl`);
execFileSync(process.execPath, [path.join(repoRoot, 'schemas', 'make-event-stream.mjs'), streamFile, String(STREAM_EVENTS)], { stdio: 'pipe' });
const records = fs
  .readFileSync(streamFile, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as unknown);

test('5,000 events as messages: every default codec completes, and its sizes add up to the records encoded one by one', async () => {
  const report = await compareMessages({ path: streamFile }, { ...FAST, compressedMessages: 200, batchSizes: [1, 10, 100] });
  assert.equal(report.input.messages?.count, STREAM_EVENTS);
  assert.equal(report.input.messages?.format, 'jsonl');
  assert.equal(
    report.input.messages?.totalJsonBytes,
    records.reduce<number>((sum, record) => sum + Buffer.byteLength(JSON.stringify(record)), 0),
  );
  assert.deepEqual(
    report.results.map((row) => row.codec),
    DEFAULT_CODECS,
  );
  for (const codec of DEFAULT_CODECS) {
    const row = completed(report.results, codec);
    const { sizes } = row.messages;
    assert.equal(sizes.count, STREAM_EVENTS, codec);
    assert.equal(sizes.total, independentBytes(row, records), `${codec}: the sum of per-message sizes`);
    assert.equal(row.bytes, Number((sizes.total / STREAM_EVENTS).toFixed(2)), `${codec}: bytes per message is their mean`);
    assert.ok(sizes.min <= sizes.p50 && sizes.p50 <= sizes.p90 && sizes.p90 <= sizes.p99 && sizes.p99 <= sizes.max, codec);
    assert.ok(row.messages.perMessage && row.messages.perMessage.encodePerSecond > 0, `${codec}: messages per second`);
    assert.ok(row.messages.link && row.messages.link.figures.length >= 3, `${codec}: link figures`);
    // Compressed figures only on held-out messages: after the first 80%.
    assert.deepEqual(row.messages.compression.measured, { from: 0.8 * STREAM_EVENTS, messages: 200 });
  }
  // One schema for the stream, inferred from every record: an event record, not a list of them.
  assert.match(completed(report.results, 'avsc').schemaText!, /"name": "Root"/);
  assert.doesNotMatch(completed(report.results, 'protobufjs').schemaText!, /repeated Root/);
});

test('the dictionary is trained on the training part and measured on held-out messages only', { skip: noZstdCli }, async () => {
  // Training messages repeat one shape of text; held-out ones are random bytes no dictionary has
  // seen. Measured on training messages, the dictionary would shrink them to a few bytes.
  const random = (seed: number) => {
    let state = seed;
    return () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  };
  const next = random(7);
  const training = Array.from({ length: 900 }, (_, index) => ({
    kind: 'page_view',
    text: 'the same sentence every training message repeats, word for word',
    index,
  }));
  const heldOut = Array.from({ length: 100 }, () => ({ z: Buffer.from(Array.from({ length: 48 }, () => Math.floor(next() * 256))).toString('base64') }));
  const file = path.join(tempDir(), 'split.jsonl');
  fs.writeFileSync(file, [...training, ...heldOut].map((record) => JSON.stringify(record)).join('\n'));
  const report = await compareMessages({ path: file }, { ...FAST, codecs: ['json'], dictionary: { trainShare: 0.9, sizeBytes: 4_096 } });
  const { dictionary, compression } = completed(report.results, 'json').messages;
  assert.equal(dictionary.status, 'measured', dictionary.status === 'not-measured' ? dictionary.reason : '');
  if (dictionary.status !== 'measured') return;
  const heldOutMean = heldOut.reduce<number>((sum, record) => sum + Buffer.byteLength(JSON.stringify(record)), 0) / heldOut.length;
  assert.deepEqual(dictionary.measuredOn, { from: 900, messages: 100 });
  assert.ok(dictionary.trainedOn.from + dictionary.trainedOn.messages <= 900, 'trained before the held-out part');
  assert.equal(dictionary.raw, Number(heldOutMean.toFixed(2)), 'the measured messages are the held-out ones');
  assert.equal(compression.raw, dictionary.raw);
  assert.ok(
    dictionary.withDictionary.mean >= 0.9 * dictionary.zstdAlone,
    `held out, nothing to gain: ${dictionary.withDictionary.mean} B with it, ${dictionary.zstdAlone} B alone`,
  );
  assert.equal(dictionary.settings.trainShare, 0.9);
  assert.ok(dictionary.bytes <= 4_096);
});

test('records generated from a schema are a stream too; the provided schema describes one message', async () => {
  const source = fs.readFileSync(path.join(repoRoot, 'schemas', 'Items.avsc'), 'utf8');
  const schema = { kind: 'avsc' as const, source, path: 'schemas/Items.avsc' };
  const generated = generateFromSchema(schema, { count: 40, seed: 3 });
  const report = await compareMessages(
    { path: generated.description, bytes: Buffer.from(JSON.stringify(generated.records)) },
    { ...FAST, codecs: ['json', 'avsc', 'protobufjs'], schema },
  );
  assert.equal(report.input.messages?.format, 'json-array');
  const row = completed(report.results, 'avsc');
  assert.equal(row.schema, 'provided');
  const type = avro.Type.forSchema(JSON.parse(source));
  assert.equal(
    row.messages.sizes.total,
    generated.records.reduce<number>((sum, record) => sum + type.toBuffer(record).byteLength, 0),
  );
  assert.equal(completed(report.results, 'protobufjs').schema, 'derived');
});

test('a line that is not JSON stops the stream at its line; skipped on request, it is counted', async () => {
  const file = path.join(tempDir(), 'bad.jsonl');
  fs.writeFileSync(file, `${JSON.stringify(records[0])}\n${JSON.stringify(records[1])}\n{"id": "evt_x", oops}\n${JSON.stringify(records[2])}\n`);
  await assert.rejects(
    compareMessages({ path: file }, { ...FAST, codecs: ['json'] }),
    (error: unknown) => error instanceof SampleInputError && error.line === 3 && error.message.includes(`${file}:3:`),
  );
  const report = await compareMessages({ path: file }, { ...FAST, codecs: ['json', 'msgpackr'], invalidLines: 'skip' });
  assert.equal(report.input.messages?.count, 3);
  assert.equal(report.input.messages?.skipped.count, 1);
  assert.equal(report.input.messages?.skipped.first[0]?.line, 3);
  assert.equal(completed(report.results, 'msgpackr').messages.sizes.count, 3);
});

test('a codec that does not prepare streams is skipped with why, not measured as a document', async () => {
  const report = await compareMessages({ path: streamFile }, { ...FAST, codecs: ['json', 'js-binary'], compressedMessages: 50 });
  const row = report.results.find((candidate) => candidate.codec === 'js-binary')!;
  assert.equal(row.status, 'skipped');
  assert.match(row.status === 'skipped' ? row.error.message : '', /not measured in message mode/);
});
