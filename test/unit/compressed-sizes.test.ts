/**
 * zstd sizes on every Node the extension runs on: from Node's zlib where it has zstd (22.15+),
 * from the WebAssembly build elsewhere (Node 20), at level 3 either way; and a codec worker's
 * row carries them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { Zstd } from '@hpcc-js/wasm-zstd';
import { compressedSizes, nodeZstd, zstdCompressor } from '../../src/compression/compressed-sizes';
import { compareSample } from '../../src/engine/compare';
import { FAST, tuplesSample } from '../support/paths';

const sample = fs.readFileSync(tuplesSample);

test('the zstd size is a real zstd frame of the input: it decompresses back to the same bytes', async () => {
  const compress = await zstdCompressor();
  const frame = compress(sample);
  const sizes = await compressedSizes(sample);
  assert.equal(sizes.zstd, frame.byteLength);
  const zstd = await Zstd.load();
  assert.deepEqual(Buffer.from(zstd.decompress(frame)), sample);
  assert.ok(frame.byteLength < sample.byteLength / 10, `${frame.byteLength} of ${sample.byteLength}`);
});

test('level 3: the size is that of zstd level 3, not its fastest or its slowest level', async () => {
  const zstd = await Zstd.load();
  const words = Buffer.from(Array.from({ length: 20_000 }, (_, i) => `word${(i * 7919) % 5003} `).join(''));
  const atLevel = (level: number) => zstd.compress(words, level).byteLength;
  assert.notEqual(atLevel(1), atLevel(19), 'the sample tells levels apart');
  assert.equal((await compressedSizes(words)).zstd, atLevel(3));
});

// Not run on Node 20 (no zstd in its zlib); on 22.15+ the two builds may be different zstd
// releases, so the sizes are compared within 2%, not to the byte.
test('Node\'s own zstd, where this Node has it, is used and agrees with the WebAssembly build at level 3', { skip: nodeZstd() === undefined && `Node ${process.versions.node} has no zstd in zlib` }, async () => {
  const zstd = await Zstd.load();
  const native = nodeZstd()!(sample);
  assert.deepEqual(Buffer.from(zstd.decompress(native)), sample);
  assert.equal((await compressedSizes(sample)).zstd, native.byteLength);
  const wasm = zstd.compress(sample, 3).byteLength;
  assert.ok(Math.abs(native.byteLength - wasm) <= wasm * 0.02, `native ${native.byteLength}, WebAssembly ${wasm}`);
});

test('a codec worker\'s row carries a zstd size on this Node', async () => {
  const report = await compareSample({ path: tuplesSample, bytes: sample }, { ...FAST, codecs: ['json', 'msgpackr'] });
  for (const row of report.results) {
    assert.equal(row.status, 'completed', row.codec);
    if (row.status === 'completed') assert.ok(typeof row.compressed.zstd === 'number' && row.compressed.zstd > 0, row.codec);
  }
});
