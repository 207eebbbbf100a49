/**
 * A schema file whose name looks like an option (`-o.fbs`, `--conform.capnp`, `-o.proto`)
 * reaches each real tool as a file: every generator completes and writes that file's output.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { generateCode, type Generator } from '../../src/codegen/generate';
import { GOOGLE_PROTOBUF_GENERATOR, TS_PROTO_GENERATOR } from '../../src/codegen/protobuf-tools';
import { BEBOP_GENERATOR, CAPNP_GENERATOR, CAPNP_SCHEMA_READER, FLATBUFFERS_GENERATOR, FLATBUFFERS_SCHEMA_READER } from '../../src/codegen/zero-copy-tools';
import { trainZstdDictionary } from '../../src/compression/zstd-dictionary';
import { findZstdCli } from '../../src/compression/zstd-cli';
import { missingTools } from '../support/codegen-tools';

const PROTO = 'syntax = "proto3";\nmessage M { int32 a = 1; }\n';
const FBS = 'table T { a:int; }\nroot_type T;\n';
const CAPNP = '@0xd7e6ba8c8c4b0f71;\nstruct S { a @0 :Int32; }\n';
const BOP = 'struct S { int32 a; }\n';

const CASES: Array<[Generator, string, string, string]> = [
  [GOOGLE_PROTOBUF_GENERATOR, '-o.proto', PROTO, '-o_pb.js'],
  [TS_PROTO_GENERATOR, '--help.proto', PROTO, '--help.js'],
  [FLATBUFFERS_GENERATOR, '-o.fbs', FBS, '-o_generated.js'],
  [FLATBUFFERS_SCHEMA_READER, '--conform.fbs', FBS, '--conform.bfbs'],
  [CAPNP_GENERATOR, '--conform.capnp', CAPNP, '--conform.js'],
  [CAPNP_SCHEMA_READER, '-I.capnp', CAPNP, '-I.capnp.request'],
  [BEBOP_GENERATOR, '-i.bop', BOP, '-i.js'],
];

for (const [generator, name, source, output] of CASES) {
  test(`${generator.id} takes a schema named ${name} as a file, not an option`, async (t) => {
    const missing = await missingTools(generator.tools);
    if (missing) return t.skip(missing);
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-file-names-'));
    try {
      const generated = await generateCode(generator, { files: { [name]: source }, entries: [name] }, { cacheDir });
      assert.ok(fs.existsSync(path.join(generated.outDir, output)), `${output} in ${fs.readdirSync(generated.outDir).join(', ')}`);
    } finally {
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
  });
}

test('zstd --train takes its samples folder after --', async (t) => {
  if (!findZstdCli()) return t.skip('no zstd CLI on PATH');
  const samples = Array.from({ length: 200 }, (_, index) =>
    new TextEncoder().encode(JSON.stringify({ id: index, name: `user ${index % 17}`, tags: ['a', 'b'] })),
  );
  const dictionary = await trainZstdDictionary(samples, 1024);
  assert.ok(dictionary.byteLength > 8);
});
