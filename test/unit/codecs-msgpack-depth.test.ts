/**
 * @msgpack/msgpack's module-level encode throws past its Encoder's maxDepth (100): a sample that
 * deep is skipped before timing with the option named, and one level less is encoded as usual.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { prepareCodec, UnsupportedSampleError } from '../../src/codecs/codec';
import { loadCodec } from '../../src/codecs/load-codec';

const nested = (levels: number, leaf: unknown): unknown => {
  let value = leaf;
  for (let level = 0; level < levels; level++) value = level % 2 === 0 ? [value] : { a: value };
  return value;
};

test("a value deeper than @msgpack/msgpack's maxDepth is refused naming the option; the deepest it takes encodes", async () => {
  const { module } = await loadCodec({ builtin: 'msgpack' });
  await assert.rejects(
    prepareCodec(module, nested(100, 1), {}),
    (error: unknown) => error instanceof UnsupportedSampleError && /stops at 100 levels of nesting \(its Encoder's maxDepth/.test(error.message),
  );
  // The library counts the leaf as a level: 99 containers around a number, or 100 around nothing, are taken.
  for (const sample of [nested(99, 1), nested(99, [])]) {
    const prepared = await prepareCodec(module, sample, {});
    assert.deepEqual(prepared.decode(prepared.encode(prepared.input)), sample);
  }
});
