/** Compression and decompression time per codec: real zlib and zstd, both ways, at the stated levels. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compressionTimes } from '../../src/compression/compression-times';
import { compressedSizes, nodeZstd, zstdBothWays } from '../../src/compression/compressed-sizes';
import { repoRoot } from '../support/paths';

const sample = readFileSync(join(repoRoot, 'schemas', 'events.json')).subarray(0, 200_000);

test('zstd decompresses what it compressed, from the same implementation', async () => {
  const zstd = await zstdBothWays();
  assert.equal(zstd.implementation, nodeZstd() ? 'node' : 'wasm');
  const compressed = zstd.compress(sample);
  assert.ok(compressed.byteLength < sample.byteLength / 2);
  assert.deepEqual(Buffer.from(zstd.decompress(compressed)), Buffer.from(sample));
});

test('every algorithm is timed both ways at the levels of the sizes', async () => {
  const { sizes, timing } = await compressionTimes(sample);
  // The timed calls are the sizes' calls: the same sizes compressedSizes gives.
  assert.deepEqual(sizes, await compressedSizes(sample));
  assert.deepEqual(timing.levels, { gzip: 6, brotli: 5, zstd: 3 });
  for (const algorithm of ['gzip', 'brotli', 'zstd'] as const) {
    for (const direction of ['compressNs', 'decompressNs'] as const) {
      const ns = timing[algorithm][direction];
      assert.ok(Number.isFinite(ns) && ns > 1_000, `${algorithm} ${direction}: ${ns} ns`);
    }
  }
  // gzip level 6 inflates far faster than it deflates on text: a check that the directions are not swapped.
  assert.ok(timing.gzip.decompressNs < timing.gzip.compressNs, JSON.stringify(timing.gzip));
});
