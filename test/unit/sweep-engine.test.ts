/**
 * The size sweep on real libraries: each size scaled inside the workers, its sizes and ratios
 * those of a single comparison of a file holding exactly that scaled sample, growth slopes
 * fitted, and no worker left behind.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { sizeSample } from '../../src/engine/compare';
import { CancelledError } from '../../src/shared/cancelled';
import { runSweepInProcess } from '../../src/engine/sweep-process-client';
import { scaleSample } from '../../src/measurement/scale-sample';
import { sweepSample } from '../../src/engine/sweep';
import { liveWorkerCount } from '../../src/engine/worker-launch';
import { SampleInputError } from '../../src/input/read-sample';
import { FAST, repoRoot, tuplesSample } from '../support/paths';

const CODECS = ['json', 'avsc', 'protobufjs', 'msgpackr', 'cbor-x', 'bson', 'v8'];

/** A small sample (120 records) so a 32 KiB size grows past its records. */
function smallSample(): string {
  const tuples = JSON.parse(fs.readFileSync(tuplesSample, 'utf8')) as { items: unknown[] };
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-sweep-')), 'small.json');
  fs.writeFileSync(file, JSON.stringify({ items: tuples.items.slice(0, 120) }));
  return file;
}

test('each size matches a single comparison of that scaled sample, fresh records included: same JSON bytes, ratios within 1%', async () => {
  const file = smallSample();
  const streamed: Array<{ size: number; codec: string }> = [];
  const report = await sweepSample(
    { path: file },
    {
      ...FAST,
      codecs: CODECS,
      sizes: [2 * 1024, 32 * 1024],
      onResult: (size, row) => streamed.push({ size, codec: row.codec }),
    },
  );
  assert.equal(report.sizes.length, 2);
  const [small, large] = report.sizes;
  assert.equal(small!.scaling.repeated, false);
  assert.equal(large!.scaling.repeated, false, 'above the sample, fresh records follow its own (the default)');
  assert.equal(large!.scaling.freshRecords, large!.scaling.records - 120);
  assert.equal(report.sample.sourceRecords, 120);
  assert.equal(report.sample.growth, 'fresh');
  assert.deepEqual(
    report.notes.map((note) => note.code),
    ['fresh-records', 'fresh-compression'],
  );
  assert.deepEqual(report.notes[0], { code: 'fresh-records', sourceRecords: 120, recordsPath: report.sample.recordsPath });
  assert.deepEqual(new Set(streamed.map((entry) => entry.size)), new Set([0, 1]), 'rows stream in per size');

  for (const size of report.sizes) {
    assert.ok(Math.abs(size.jsonBytes / size.targetJsonBytes - 1) < 0.02, `${size.jsonBytes} is close to ${size.targetJsonBytes}`);
    // The single comparison: the scaled sample written to a file, compared like any file.
    // Built here, in this thread, from the same seed: the same bytes as every worker built.
    const scaled = scaleSample(JSON.parse(fs.readFileSync(file, 'utf8')), { targetJsonBytes: size.targetJsonBytes, growth: 'fresh' });
    const single = path.join(path.dirname(file), `scaled-${size.targetJsonBytes}.json`);
    fs.writeFileSync(single, JSON.stringify(scaled.value));
    // Sizes only: nothing compared here is a time.
    const reference = await sizeSample({ path: single }, { ...FAST, codecs: CODECS });
    assert.equal(reference.input.jsonBytes, size.jsonBytes);
    assert.equal(size.results.length, CODECS.length);
    for (const row of size.results) {
      const other = reference.results.find((candidate) => candidate.codec === row.codec)!;
      assert.equal(row.status, 'completed', `${row.codec} at ${size.jsonBytes}: ${row.status !== 'completed' ? row.error.message : ''}`);
      assert.equal(other.status, 'sized');
      if (row.status !== 'completed' || other.status !== 'sized') continue;
      assert.ok(Math.abs(row.ratio! / other.ratio! - 1) <= 0.01, `${row.codec} ratio ${row.ratio} vs ${other.ratio}`);
      assert.ok(Math.abs(row.compressed.gzip / other.compressed.gzip - 1) <= 0.01, `${row.codec} gzip`);
      assert.ok(Math.abs(row.compressed.brotli / other.compressed.brotli - 1) <= 0.01, `${row.codec} brotli`);
      assert.equal(row.roundTrip.status, other.roundTrip.status);
    }
  }
  assert.equal(liveWorkerCount(), 0);
});

test("the bundled events grown to 4 MiB: fresh records keep gzip and brotli ratios within ×2 of the sample's own, repeats let brotli collapse", async () => {
  const events = path.join(repoRoot, 'schemas', 'events.json');
  const own = Buffer.byteLength(JSON.stringify(JSON.parse(fs.readFileSync(events, 'utf8'))), 'utf8');
  const ratios = async (growth: 'fresh' | 'repeat') => {
    const report = await sweepSample({ path: events }, { ...FAST, codecs: ['json'], sizes: [own, 4 * 2 ** 20], growth });
    assert.equal(report.sample.growth, growth);
    return report.sizes.map((size) => {
      const json = size.results.find((row) => row.codec === 'json');
      assert.ok(json?.status === 'completed');
      return { gzip: json.compressed.gzip / size.jsonBytes, brotli: json.compressed.brotli / size.jsonBytes, scaling: size.scaling };
    });
  };
  const [ownSize, fresh] = await ratios('fresh');
  assert.equal(ownSize!.scaling.records, 2240);
  assert.ok(fresh!.scaling.freshRecords! > 3 * 2240);
  for (const kind of ['gzip', 'brotli'] as const) {
    const factor = fresh![kind] / ownSize![kind];
    assert.ok(factor > 0.5 && factor < 2, `${kind}: ${fresh![kind].toFixed(4)} at 4 MiB against ${ownSize![kind].toFixed(4)}`);
  }
  const [, repeated] = await ratios('repeat');
  assert.equal(repeated!.scaling.repeated, true);
  assert.ok(repeated!.brotli < ownSize!.brotli / 2, `repeats: brotli ${repeated!.brotli.toFixed(4)} against ${ownSize!.brotli.toFixed(4)}`);
  assert.equal(liveWorkerCount(), 0);
});

test('growth slopes are fitted per codec over three or more sizes', async () => {
  const report = await sweepSample({ path: tuplesSample }, { ...FAST, codecs: ['json', 'msgpackr'], sizes: [1024, 16 * 1024, 256 * 1024] });
  assert.deepEqual(
    report.growth.map((slope) => slope.codec),
    ['json', 'msgpackr'],
  );
  for (const slope of report.growth) {
    assert.equal(slope.points, 3);
    // Time grows with size: a 256-fold payload is not timed as fast as a 1 KiB one. How close to
    // linear the slopes are is a measurement, printed by `npm run bench:sweep`, not asserted here.
    assert.ok(slope.encodeSlope !== null && slope.encodeSlope > 0, `${slope.codec} encode slope ${slope.encodeSlope}`);
    assert.ok(slope.decodeSlope !== null && slope.decodeSlope > 0, `${slope.codec} decode slope ${slope.decodeSlope}`);
  }
});

test('a sample with no array to scale is refused with what to give instead', async () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-sweep-')), 'one.json');
  fs.writeFileSync(file, '{"a": 1, "b": {"c": 2}}');
  await assert.rejects(
    sweepSample({ path: file }, { ...FAST, codecs: ['json'] }),
    (error: unknown) => error instanceof SampleInputError && /one\.json: .*top-level array/.test(error.message),
  );
  assert.equal(liveWorkerCount(), 0);
});

test('in its own process (as the extension runs it): the same report streamed back, cancellation, a bad sample', async () => {
  const runnerScript = path.join(repoRoot, 'dist', 'sweep-process.js');
  const sizes: number[] = [];
  const fast = { rounds: 1, timeBudgetMs: 20, minSamples: 3 };
  const report = await runSweepInProcess(
    { path: tuplesSample },
    { runnerScript, codecs: ['json', 'avsc'], ...fast, sizes: [1024, 8 * 1024], onSize: (_index, size) => sizes.push(size.jsonBytes) },
  );
  assert.deepEqual(
    sizes,
    report.sizes.map((size) => size.jsonBytes),
  );
  assert.ok(report.sizes.every((size) => size.results.every((row) => row.status === 'completed')));
  await assert.rejects(
    runSweepInProcess({ path: '/nonexistent/sample.json' }, { runnerScript, sizes: [1024] }),
    (error: unknown) => error instanceof SampleInputError && /no such file/.test(error.message),
  );
  const controller = new AbortController();
  // Short settings: cancelling does not depend on them, and the default ones (five rounds of
  // 700 ms per codec) made the first size alone take half a minute.
  const cancelled = runSweepInProcess(
    { path: tuplesSample },
    { runnerScript, ...fast, sizes: [1024, 4 * 2 ** 20], signal: controller.signal, onSize: () => controller.abort() },
  );
  await assert.rejects(cancelled, CancelledError);
});
