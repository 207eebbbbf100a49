/**
 * JSON keys protoc or the generated code refuse as field names (`await`, `struct` beside
 * `struct_`, `map` beside `Map`): the generated rows (ts-proto, protobuf-ts, google-protobuf,
 * with the real protoc and plugins) complete on them, with protobufjs's bytes, each renamed
 * field named in a note and seen as a rename of the user's key in the round trip.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { missingTools } from '../support/codegen-tools';
import { prepareCodec } from '../../src/codecs/codec';
import { loadCodec } from '../../src/codecs/load-codec';
import { findBuiltinCodec } from '../../src/codecs/registry';
import { findToolSpec } from '../../src/codegen/tool-registry';
import { verifyRoundTrip } from '../../src/analysis/verify';
import { detectRemnants } from '../../src/analysis/remnants';
import { prepare as prepareProtobufjs } from '../../src/codecs/protobufjs';
import { protocSafeProto } from '../../src/schema/protoc-names';
import '../support/in-process-generated-code';
import { noteText } from '../../src/shared/row-facts-text';

// At the root: google-protobuf renames a list (`items` → `itemsList`), and the round trip would not look inside.
const SAMPLE = { await: 'x', struct: 1, struct_: 2, map: 3, Map: 4, id: 5 };
const RENAMED = ['await', 'struct_', 'Map'];

test('the .proto given to protoc renames keywords and fields whose JSON names collide, each with a note', () => {
  const safe = protocSafeProto(
    'syntax = "proto3";\n\nmessage Item {\n  string await = 1;\n  int32 struct = 2;\n  optional int32 struct_ = 3; // a comment\n  int32 map = 4;\n  int32 Map = 5;\n  int32 struct_2 = 6;\n}\n',
  );
  assert.match(
    safe.source,
    /string await_field = 1;\n  int32 struct = 2;\n  optional int32 struct__3 = 3; \/\/ a comment\n  int32 map = 4;\n  int32 Map_2 = 5;\n  int32 struct_2 = 6;/,
  );
  assert.deepEqual(safe.notes, [
    { code: 'protoc-field-renamed', message: 'Item', field: 'await', to: 'await_field', why: 'keyword' },
    { code: 'protoc-field-renamed', message: 'Item', field: 'struct_', to: 'struct__3', why: 'json-name-clash' },
    { code: 'protoc-field-renamed', message: 'Item', field: 'Map', to: 'Map_2', why: 'json-name-clash' },
  ]);
});

for (const id of ['ts-proto', 'protobuf-ts', 'google-protobuf']) {
  test(`${id} completes on keys await, struct/struct_ and map/Map, with protobufjs's bytes and the renames named`, async (t) => {
    const missing = await missingTools(findBuiltinCodec(id)!.tools!.map((tool) => findToolSpec(tool)!));
    if (missing) return t.skip(missing);
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-protoc-names-'));
    try {
      const { module } = await loadCodec({ builtin: id });
      const codec = await prepareCodec(module, SAMPLE, { codegen: { cacheDir } });
      const reference = prepareProtobufjs(SAMPLE, {});
      const encoded = codec.encode(codec.input).slice();
      assert.deepEqual([...encoded], [...reference.encode(reference.input)], 'the same bytes as protobufjs');
      for (const key of RENAMED)
        assert.ok(
          codec.notes.some((note) => typeof note !== 'string' && note.code === 'protoc-field-renamed' && note.message === 'Root' && note.field === key),
          `a note for ${key}: ${codec.notes.map(noteText).join('\n')}`,
        );
      const decoded = codec.decode(encoded);
      const differences = verifyRoundTrip(SAMPLE, decoded, { maxDifferences: 100 }).differences;
      // Only keys gone under one name and back under another: no value lost or changed.
      assert.ok(
        differences.every((difference) => difference.kind === 'missing-key' || difference.kind === 'extra-key'),
        JSON.stringify(differences),
      );
      const renames = detectRemnants(SAMPLE, decoded)
        .filter((remnant) => remnant.kind === 'rename')
        .map((remnant) => remnant.detail);
      for (const key of RENAMED)
        assert.ok(
          renames.some((detail) => detail.startsWith(`${key} → `)),
          `${key} renamed in ${JSON.stringify(renames)}`,
        );
    } finally {
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
  });
}

test("@bufbuild/protobuf builds its messages under its own field names: the bytes are protobufjs's, with the renames named", async () => {
  const sample = { ...SAMPLE, user_id: 6, items: [{ item_id: 7 }] };
  const { module } = await loadCodec({ builtin: 'bufbuild' });
  const codec = await prepareCodec(module, sample, {});
  const reference = prepareProtobufjs(sample, {});
  const encoded = codec.encode(codec.input).slice();
  assert.deepEqual([...encoded], [...reference.encode(reference.input)], 'the same bytes as protobufjs');
  const decoded = codec.decode(encoded);
  const differences = verifyRoundTrip(sample, decoded, { maxDifferences: 100 }).differences;
  assert.ok(
    differences.every((difference) => difference.kind === 'missing-key' || difference.kind === 'extra-key'),
    JSON.stringify(differences),
  );
  const renames = detectRemnants(sample, decoded)
    .filter((remnant) => remnant.kind === 'rename')
    .map((remnant) => remnant.detail);
  for (const key of ['user_id', 'item_id', 'struct_'])
    assert.ok(
      renames.some((detail) => detail.startsWith(`${key} → `)),
      `${key} renamed in ${JSON.stringify(renames)}`,
    );
  assert.ok(
    codec.notes.some(
      (note) =>
        typeof note !== 'string' && note.code === 'bufbuild-field-renamed' && note.message === 'Root' && note.field === 'struct_' && note.to === 'struct__2',
    ),
    codec.notes.map(noteText).join('\n'),
  );
});
