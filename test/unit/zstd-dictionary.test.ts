/**
 * zstd dictionaries for message streams: trained by the real zstd CLI on part of the bundled
 * events, applied with the real WebAssembly build to the held-out rest; and the failures a user
 * can meet (no zstd, too few messages, a CLI that hangs) as errors that say what to do.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadZstd } from '../../src/compression/zstd';
import { findZstdCli } from '../../src/compression/zstd-cli';
import { dictionaryId, trainZstdDictionary, ZstdDictionaryError, zstdWithDictionary } from '../../src/compression/zstd-dictionary';
import { repoRoot } from '../support/paths';

const events = JSON.parse(fs.readFileSync(path.join(repoRoot, 'schemas', 'events.json'), 'utf8')) as unknown[];
const messages = events.map((event) => new TextEncoder().encode(JSON.stringify(event)));
const split = Math.floor(messages.length * 0.8);
const training = messages.slice(0, split);
const heldOut = messages.slice(split);
const mean = (sizes: number[]) => sizes.reduce((sum, size) => sum + size, 0) / sizes.length;
const noCli = findZstdCli() === undefined && 'no zstd CLI on PATH (apt install zstd)';

test('a dictionary trained on 80% of the events shrinks the held-out 20% far below zstd alone, and gives them back', { skip: noCli }, async () => {
  const dictionary = await trainZstdDictionary(training, 16_384);
  assert.ok(dictionary.byteLength > 1_000 && dictionary.byteLength <= 16_384, `${dictionary.byteLength} B`);
  const zstd = await loadZstd();
  assert.ok(zstd.available);
  const codec = await zstdWithDictionary(dictionary);
  try {
    const alone = heldOut.map((message) => zstd.build.compress(message).byteLength);
    const frames = heldOut.map((message) => codec.compress(message));
    frames.forEach((frame, index) => assert.deepEqual(codec.decompress(frame), heldOut[index]));
    // The frame names its dictionary: bytes 5… of the header hold the id (RFC 8878 §3.1.1.1).
    assert.ok(Buffer.from(frames[0]!).includes(Buffer.from(new Uint32Array([dictionaryId(dictionary)]).buffer)));
    // Not a figure: the effect DESIGN.md reports (333 B alone, 99 B with it) is several-fold.
    assert.ok(
      mean(frames.map((frame) => frame.byteLength)) < mean(alone) / 2,
      `with ${mean(frames.map((frame) => frame.byteLength))} B, alone ${mean(alone)} B`,
    );
    // Without the dictionary the frame cannot be read.
    assert.throws(() => zstd.build.decompress(frames[0]!));
  } finally {
    codec.close();
  }
});

test('too few messages: an error that says how many zstd needs, before any process starts', async () => {
  await assert.rejects(
    trainZstdDictionary(training.slice(0, 3), 16_384),
    (error: unknown) => error instanceof ZstdDictionaryError && /3 messages .* at least 8/.test(error.message),
  );
  await assert.rejects(trainZstdDictionary(training, 100), /at least 256 bytes/);
});

test('no zstd: the error says how to install it or where to point PAYLOAD_LAB_ZSTD', async () => {
  await assert.rejects(
    trainZstdDictionary(training, 16_384, { env: { PAYLOAD_LAB_ZSTD: path.join(os.tmpdir(), 'no-such-zstd') } }),
    /apt install zstd.*PAYLOAD_LAB_ZSTD/,
  );
});

test('a zstd that does not finish is stopped at the timeout, and the error says so', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-slow-zstd-'));
  const slow = path.join(dir, 'zstd');
  fs.writeFileSync(slow, '#!/bin/sh\nsleep 30\n', { mode: 0o755 });
  try {
    await assert.rejects(
      trainZstdDictionary(training, 16_384, { env: { PAYLOAD_LAB_ZSTD: slow }, timeoutMs: 300 }),
      /did not finish within 0\.3 s and was stopped/,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('zstd refusing the samples: its own message comes through', { skip: noCli }, async () => {
  // Eight one-byte messages: zstd's trainer finds nothing to learn and says so.
  const tiny = Array.from({ length: 8 }, () => new Uint8Array([7]));
  await assert.rejects(trainZstdDictionary(tiny, 16_384), (error: unknown) => error instanceof ZstdDictionaryError && /--train failed: .+/.test(error.message));
});
