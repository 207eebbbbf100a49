/**
 * zstd sizes on every Node the extension runs on: from Node's zlib where it has zstd (22.15+),
 * from the WebAssembly build elsewhere (Node 20), at level 3 either way; and a codec worker's
 * row carries them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { compressedSizes } from '../../src/compression/compressed-sizes';
import { loadZstd, loadZstdWasm, nodeZstdBuild } from '../../src/compression/zstd';
import { compareSample } from '../../src/engine/compare';
import { FAST, tuplesSample } from '../support/paths';

const sample = fs.readFileSync(tuplesSample);
/** zstd's frame magic number, little-endian (RFC 8878 §3.1.1). */
const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd];

test('the zstd size is a real zstd frame of the input: it decompresses back to the same bytes', async () => {
  const zstd = await loadZstd();
  assert.ok(zstd.available, zstd.available ? '' : zstd.reason);
  const frame = zstd.build.compress(sample);
  assert.deepEqual([...frame.subarray(0, 4)], ZSTD_MAGIC);
  const sizes = await compressedSizes(sample);
  assert.equal(sizes.zstd, frame.byteLength);
  assert.deepEqual(Buffer.from(zstd.build.decompress(frame)), sample);
  assert.ok(frame.byteLength < sample.byteLength / 10, `${frame.byteLength} of ${sample.byteLength}`);
});

test('level 3: the size is that of zstd level 3, not its fastest or its slowest level', async () => {
  const zstd = await loadZstd();
  assert.ok(zstd.available);
  const words = Buffer.from(Array.from({ length: 20_000 }, (_, i) => `word${(i * 7919) % 5003} `).join(''));
  const atLevel = (level: number) => zstd.build.compress(words, level).byteLength;
  assert.notEqual(atLevel(1), atLevel(19), 'the sample tells levels apart');
  assert.equal((await compressedSizes(words)).zstd, atLevel(3));
});

test(
  'on a Node without zstd in zlib the WebAssembly build is the one loaded, and it names itself',
  { skip: nodeZstdBuild() !== undefined && `Node ${process.versions.node} has zstd in zlib` },
  async () => {
    const zstd = await loadZstd();
    assert.ok(zstd.available);
    assert.equal(zstd.build.implementation, 'wasm');
    assert.match(zstd.build.library, /^@bokuweb\/zstd-wasm \d+\.\d+\.\d+$/);
  },
);

// Not run on Node 20 (no zstd in its zlib); on 22.15+ the two builds may be different zstd
// releases, so the sizes are compared within 2%, not to the byte.
test(
  "Node's own zstd, where this Node has it, is used and agrees with the WebAssembly build at level 3",
  { skip: nodeZstdBuild() === undefined && `Node ${process.versions.node} has no zstd in zlib` },
  async () => {
    const wasm = await loadZstdWasm();
    const native = nodeZstdBuild()!.compress(sample);
    assert.deepEqual(Buffer.from(wasm.decompress(native)), sample);
    assert.equal((await compressedSizes(sample)).zstd, native.byteLength);
    const wasmBytes = wasm.compress(sample, 3).byteLength;
    assert.ok(Math.abs(native.byteLength - wasmBytes) <= wasmBytes * 0.02, `native ${native.byteLength}, WebAssembly ${wasmBytes}`);
  },
);

test("a codec worker's row carries a zstd size on this Node (the bundled worker finds its .wasm)", async () => {
  const report = await compareSample({ path: tuplesSample, bytes: sample }, { ...FAST, codecs: ['json', 'msgpackr'] });
  for (const row of report.results) {
    assert.equal(row.status, 'completed', row.codec);
    if (row.status === 'completed') assert.ok(typeof row.compressed.zstd === 'number' && row.compressed.zstd > 0, row.codec);
  }
});
