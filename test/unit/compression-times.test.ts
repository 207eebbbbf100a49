/**
 * Compression and decompression time per codec: real zlib and zstd, both ways, at the stated
 * levels, timed in every round like the codec's own times and combined over the rounds.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compressionWindows, timeCompression } from '../../src/worker/compression-timing';
import { combineCompressionRounds } from '../../src/compression/compression-rounds';
import { compressedSizes } from '../../src/compression/compressed-sizes';
import { compareSample } from '../../src/engine/compare';
import { compressionTimeParts } from '../../src/shared/compression-text';
import type { CompressionTiming } from '../../src/shared/results';
import { FAST, repoRoot, sampleFrom } from '../support/paths';

// 400 of the bundled events (about 180 KB of JSON), a valid sample on its own.
const events = JSON.parse(readFileSync(join(repoRoot, 'schemas', 'events.json'), 'utf8')) as unknown[];
const eventsSample = sampleFrom(events.slice(0, 400), 'events.json');
const sample = eventsSample.bytes;
const ALGORITHMS = ['gzip', 'brotli', 'zstd'] as const;

test('one round: every algorithm is timed both ways at the levels of the sizes, and names its zstd', async () => {
  const { sizes, timing } = await timeCompression(sample, compressionWindows(250));
  // The timed calls are the sizes' calls: the same sizes compressedSizes gives.
  assert.deepEqual(sizes, await compressedSizes(sample));
  assert.deepEqual(timing.levels, { gzip: 6, brotli: 5, zstd: 3 });
  assert.equal(timing.rounds, 1);
  assert.match(timing.zstdLibrary ?? '', timing.zstdImplementation === 'node' ? /^node:zlib/ : /^@bokuweb\/zstd-wasm/);
  for (const algorithm of ALGORITHMS) {
    const time = timing[algorithm]!;
    for (const ns of [time.compressNs, time.decompressNs]) assert.ok(Number.isFinite(ns) && ns > 1_000, `${algorithm}: ${ns} ns`);
    assert.deepEqual(time.compressInterval, [time.compressNs, time.compressNs]);
  }
});

const round = (gzipNs: number, zstd: CompressionTiming['zstd']): CompressionTiming => ({
  levels: { gzip: 6, brotli: 5, zstd: 3 },
  zstdImplementation: 'wasm',
  rounds: 1,
  gzip: { compressNs: gzipNs, decompressNs: gzipNs / 4 },
  brotli: { compressNs: 2 * gzipNs, decompressNs: gzipNs / 3 },
  zstd,
  ...(zstd ? {} : { zstdNotMeasured: 'no build loads here' }),
});

test('over rounds: the median of the rounds, with the lowest and highest round as the interval', () => {
  const combined = combineCompressionRounds([
    round(300, { compressNs: 30, decompressNs: 10 }),
    round(100, { compressNs: 10, decompressNs: 5 }),
    round(200, { compressNs: 20, decompressNs: 7 }),
  ])!;
  assert.equal(combined.rounds, 3);
  assert.deepEqual(combined.gzip, { compressNs: 200, decompressNs: 50, compressInterval: [100, 300], decompressInterval: [25, 75] });
  assert.deepEqual(combined.zstd, { compressNs: 20, decompressNs: 7, compressInterval: [10, 30], decompressInterval: [5, 10] });
  assert.equal(combineCompressionRounds([]), undefined);
});

test('zstd not measured: the rows say why instead of showing a figure', () => {
  const combined = combineCompressionRounds([round(100, null), round(120, null)])!;
  assert.equal(combined.zstd, null);
  assert.equal(combined.zstdNotMeasured, 'no build loads here');
  assert.match(compressionTimeParts(combined)[2]!, /^zstd 3: not measured \(no build loads here\)$/);
  assert.match(compressionTimeParts(combined)[0]!, /^gzip 6: .+ \(.+–.+\) \/ .+$/);
});

test('a run of two rounds gives every row compression times from both rounds, each inside its interval', async () => {
  const report = await compareSample(eventsSample, { ...FAST, rounds: 2, codecs: ['json', 'msgpackr', 'avsc'] });
  for (const row of report.results) {
    assert.equal(row.status, 'completed', row.codec);
    if (row.status !== 'completed') continue;
    const timing = row.compressionTiming!;
    assert.equal(timing.rounds, 2, row.codec);
    for (const algorithm of ALGORITHMS) {
      const time = timing[algorithm]!;
      for (const [ns, [low, high]] of [
        [time.compressNs, time.compressInterval!],
        [time.decompressNs, time.decompressInterval!],
      ] as const) {
        assert.ok(low > 0 && low <= ns && ns <= high, `${row.codec} ${algorithm}: ${low} ≤ ${ns} ≤ ${high}`);
      }
    }
  }
});

test('a quick run times no compression (its rows carry sizes only)', async () => {
  const report = await compareSample(eventsSample, { ...FAST, quick: true, codecs: ['json', 'msgpackr'] });
  for (const row of report.results) {
    assert.equal(row.status, 'completed', row.codec);
    if (row.status === 'completed') {
      assert.equal(row.compressionTiming, undefined, row.codec);
      assert.ok(row.compressed.gzip > 0 && (row.compressed.zstd ?? 0) > 0, row.codec);
    }
  }
});

test("a size sweep's step times no compression either (the sweep shows sizes only), but has its sizes", async () => {
  const report = await compareSample(eventsSample, { ...FAST, codecs: ['json'], scale: { targetJsonBytes: 40_000 } });
  const row = report.results[0]!;
  assert.equal(row.status, 'completed');
  if (row.status === 'completed') {
    assert.equal(row.compressionTiming, undefined);
    assert.ok(row.compressed.brotli > 0 && (row.compressed.zstd ?? 0) > 0);
  }
});
