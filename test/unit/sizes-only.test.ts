/**
 * A sizes-only run (`compare --sizes-only`, engine `sizeSample`) with real workers: the same
 * bytes, compressed sizes, round trips and remnants as a comparison's first round, and nothing
 * timed: no worker enters its measure stage, no row carries a time, and the CLI says so.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { compareSample, sizeSample } from '../../src/engine/compare';
import type { CompletedResult } from '../../src/shared/results';
import type { SizedResult } from '../../src/shared/sizes';
import { bundledSlice, cliScript, FAST, workerScript } from '../support/paths';

const run = promisify(execFile);
const CODECS = ['json', 'avsc', 'protobufjs', 'msgpackr', 'cbor-x', 'bson', 'v8'];
const TIME_FIELDS = ['encode', 'decode', 'speedupVsJson', 'rounds', 'endToEnd', 'compressionTiming', 'access', 'firstField'];

test("sizes only: each row's bytes, compressed sizes, round trip and remnants are the comparison's, and no worker times anything", async () => {
  const sample = { path: bundledSlice('tuples.json', 500) };
  const stages: string[] = [];
  const streamed: string[] = [];
  const sizes = await sizeSample(sample, {
    codecs: CODECS,
    workerScript,
    onStage: (codec, stage) => stages.push(`${codec} ${stage}`),
    onSized: (row) => streamed.push(row.codec),
  });
  // Each row streams as its job ends (the panel fills its pending rows from them).
  assert.deepEqual([...streamed].sort(), [...CODECS].sort());
  const compared = await compareSample(sample, { ...FAST, codecs: CODECS });
  assert.equal(sizes.kind, 'sizes');
  assert.equal(sizes.timing, 'not measured');
  assert.equal(sizes.input.jsonBytes, compared.input.jsonBytes);
  assert.deepEqual(
    sizes.results.map((row) => row.codec),
    compared.results.map((row) => row.codec),
  );
  for (const row of sizes.results) {
    assert.equal(row.status, 'sized', `${row.codec}: ${row.status !== 'sized' ? row.error.message : ''}`);
    const sized = row as SizedResult;
    const full = compared.results.find((other) => other.codec === row.codec) as CompletedResult;
    assert.equal(full.status, 'completed');
    assert.equal(sized.bytes, full.bytes, row.codec);
    assert.equal(sized.ratio, full.ratio, row.codec);
    assert.deepEqual(sized.compressed, full.compressed, row.codec);
    assert.equal(sized.sha256, full.sha256, row.codec);
    assert.deepEqual(sized.roundTrip, full.roundTrip, row.codec);
    assert.deepEqual(sized.remnants, full.remnants, row.codec);
    for (const field of TIME_FIELDS) assert.equal(field in sized, false, `${row.codec} has no ${field}`);
  }
  // Every codec was prepared, encoded, decoded and verified; none entered the stage that times.
  for (const codec of CODECS) assert.ok(stages.includes(`${codec} verify`), `${codec} verified`);
  assert.deepEqual(
    stages.filter((stage) => stage.endsWith(' measure')),
    [],
  );
});

test('compare --sizes-only prints the sizes table and says nothing was timed; --json is the sizes document', async () => {
  const file = bundledSlice('tuples.json', 500);
  const { stdout: table } = await run(process.execPath, [cliScript, 'compare', file, '--sizes-only', '--codecs', 'avsc,msgpackr']);
  assert.match(table, /^codec\s+format\s+bytes\s+ratio\s+gzip\s+brotli\s+zstd\s+round trip\s+remnants$/m);
  assert.match(table, /^avsc\s+Avro\s+[\d,]+ B\s+0\.\d{3}\s+[\d,]+ B\s+[\d,]+ B\s+[\d,]+ B\s+equivalent\s+\d+$/m);
  assert.match(table, /Sizes only: nothing was timed/);
  assert.doesNotMatch(table, /vs JSON|per call|\/call|Verdict/);
  const { stdout } = await run(process.execPath, [cliScript, 'compare', file, '--sizes-only', '--json', '--codecs', 'avsc,msgpackr']);
  const report = JSON.parse(stdout) as { kind: string; timing: string; results: Array<{ codec: string; status: string; bytes: number }> };
  assert.equal(report.kind, 'sizes');
  assert.equal(report.timing, 'not measured');
  assert.deepEqual(
    report.results.map((row) => [row.codec, row.status]),
    [
      ['avsc', 'sized'],
      ['msgpackr', 'sized'],
    ],
  );
});

test('--sizes-only with an option that times, with message mode or a browser: a usage error saying which, before anything runs', async () => {
  const file = bundledSlice('tuples.json', 50);
  for (const [extra, message] of [
    [['--quick'], /--quick sets how codecs are timed, and --sizes-only times nothing/],
    [['--rounds', '3'], /--rounds sets how codecs are timed/],
    [['--warmup', '0'], /--warmup sets how codecs are timed/],
    [['--remnants'], /--remnants prints a section of a comparison, not of --sizes-only yet/],
    [['--messages'], /--sizes-only measures one document for now: give --document/],
    [['--runtimes', 'node,browser'], /--sizes-only runs in Node only for now/],
  ] as const) {
    await assert.rejects(run(process.execPath, [cliScript, 'compare', file, '--sizes-only', ...extra]), (error: { code: number; stderr: string }) => {
      assert.equal(error.code, 2, extra.join(' '));
      assert.match(error.stderr, message);
      return true;
    });
  }
});
