import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareSample } from '../../src/engine/compare';
import { CancelledError } from '../../src/shared/cancelled';
import { liveWorkerCount } from '../../src/engine/worker-launch';
import type { CodecResult } from '../../src/shared/results';
import { FAST, fixture, sampleFrom } from '../support/paths';

const sample = sampleFrom({
  items: [
    { x: 1, y: 2.5, label: 'a' },
    { x: 2, y: 3.5, label: 'b' },
  ],
});

const rowOf = (results: CodecResult[], codec: string) => {
  const row = results.find((r) => r.codec === codec);
  assert.ok(row, `no row for ${codec}: ${results.map((r) => r.codec).join(', ')}`);
  return row;
};

test('a throwing codec, an out-of-memory worker and a hung worker each become an errored row while the others complete', async () => {
  const streamed: string[] = [];
  const report = await compareSample(sample, {
    ...FAST,
    codecs: ['json', 'msgpackr'],
    codecModules: [
      fixture('codecs', 'throws-on-encode.cjs'),
      fixture('codecs', 'exhausts-memory.cjs'),
      fixture('codecs', 'hangs-on-decode.cjs'),
      // A healthy codec after the failures shows the run goes on.
    ],
    memoryLimitMb: 48,
    timeoutMs: 4000,
    onResult: (row) => streamed.push(row.codec),
  });
  assert.deepEqual(streamed, ['json', 'msgpackr', 'throws-on-encode', 'exhausts-memory', 'hangs-on-decode']);
  assert.equal(rowOf(report.results, 'json').status, 'completed');
  assert.equal(rowOf(report.results, 'msgpackr').status, 'completed');

  const throwing = rowOf(report.results, 'throws-on-encode');
  assert.equal(throwing.status, 'errored');
  assert.deepEqual(throwing.status === 'errored' && throwing.error, { stage: 'encode', message: 'encoder exploded on purpose' });

  const hog = rowOf(report.results, 'exhausts-memory');
  assert.equal(hog.status, 'errored');
  assert.equal(hog.status === 'errored' && hog.error.stage, 'memory');
  assert.match(hog.status === 'errored' ? hog.error.message : '', /out of memory \(during encode\).*48 MB/);

  assert.equal(liveWorkerCount(), 0, 'every worker of the run has exited, the out-of-memory and the hung one too');

  const hung = rowOf(report.results, 'hangs-on-decode');
  assert.equal(hung.status, 'errored');
  assert.equal(hung.status === 'errored' && hung.error.stage, 'timeout');
  assert.match(hung.status === 'errored' ? hung.error.message : '', /4000 ms \(during decode\)/);
});

test('a lossy round trip is reported with the path of each difference', async () => {
  // A real Avro schema that stores doubles as 32-bit floats: avsc rounds them.
  const floatSchema = JSON.stringify({
    type: 'record',
    name: 'Root',
    fields: [
      {
        name: 'items',
        type: {
          type: 'array',
          items: {
            type: 'record',
            name: 'Item',
            fields: [
              { name: 'x', type: 'int' },
              { name: 'y', type: 'float' },
              { name: 'label', type: 'string' },
            ],
          },
        },
      },
    ],
  });
  const report = await compareSample(
    sampleFrom({
      items: [
        { x: 1, y: 0.1, label: 'a' },
        { x: 2, y: 2.5, label: 'b' },
      ],
    }),
    {
      ...FAST,
      codecs: ['avsc'],
      schema: { kind: 'avsc', source: floatSchema },
    },
  );
  const row = rowOf(report.results, 'avsc');
  assert.equal(row.status, 'completed');
  if (row.status !== 'completed') return;
  assert.equal(row.schema, 'provided');
  assert.equal(row.roundTrip.status, 'lossy');
  // 2.5 is exact in float32; 0.1 is not.
  assert.deepEqual(
    row.roundTrip.differences.map((d) => [d.path, d.kind]),
    [['$.items[0].y', 'precision']],
  );
});

test('cancelling rejects with CancelledError once the hung worker has exited (its timeout would make an errored row instead)', async () => {
  const controller = new AbortController();
  const run = compareSample(sample, {
    ...FAST,
    codecs: ['json'],
    codecModules: [fixture('codecs', 'hangs-on-decode.cjs')],
    timeoutMs: 60_000,
    signal: controller.signal,
    onStage: (codec, stage) => {
      if (codec === 'hangs-on-decode' && stage === 'decode') controller.abort();
    },
  });
  await assert.rejects(run, CancelledError);
  assert.equal(liveWorkerCount(), 0, 'the hung worker is gone');
});

test('an input error is reported before any codec runs', async () => {
  const results: string[] = [];
  await assert.rejects(
    compareSample({ path: 'bad.json', bytes: Buffer.from('{"a": [1, 2,, 3]}') }, { ...FAST, onResult: (row) => results.push(row.codec) }),
    (error: Error & { line?: number; column?: number }) => error.name === 'SampleInputError' && error.line === 1 && error.column === 13,
  );
  assert.deepEqual(results, []);
  // The baseline's worker opens while the sample is read: it is stopped when the sample turns out unreadable.
  assert.equal(liveWorkerCount(), 0, 'no worker outlives the failed read');
});

test('an unknown codec id is refused with the list of known ones', async () => {
  await assert.rejects(compareSample(sample, { ...FAST, codecs: ['protobuff'] }), /unknown codec: protobuff \(known: json, avsc/);
});
