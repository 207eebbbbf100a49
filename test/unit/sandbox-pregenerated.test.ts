/**
 * Generation outside the sandbox, use inside it (src/codegen/generate.ts): a codec's generations
 * recorded in the worker that runs the tools, answered from those records in the sandboxed child
 * (which runs no tool: the generator here fails if run), refused for a schema that was not
 * generated; generated TypeScript that does not compile is a GeneratedCodeError (an error row at
 * prepare), not a crash, and nothing of it is cached.
 */
import '../support/in-process-generated-code';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { missingTools } from '../support/codegen-tools';
import { generateCode, recordGenerations, type Generator } from '../../src/codegen/generate';
import { GeneratedCodeError } from '../../src/codegen/transpile';
import { TS_PROTO_GENERATOR } from '../../src/codegen/protobuf-tools';

const SCHEMA = { files: { 'items.proto': 'syntax = "proto3";\nmessage Item { int32 x = 1; }\n' }, entries: ['items.proto'] };
const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-pregenerated-'));

test('generations recorded where the tools run are answered in the sandbox without running any; another schema is refused', async (t) => {
  const missing = await missingTools(TS_PROTO_GENERATOR.tools);
  if (missing) return t.skip(missing);
  const cacheDir = scratch();
  const pregenerated = await recordGenerations(() => generateCode(TS_PROTO_GENERATOR, SCHEMA, { cacheDir }));
  assert.equal(pregenerated.length, 1);
  const recorded = pregenerated[0]!.outcome;
  assert.ok(recorded.ok);
  const failing: Generator = { ...TS_PROTO_GENERATOR, generate: () => Promise.reject(new Error('ran a tool in the sandbox')) };
  const answered = await generateCode(failing, SCHEMA, { cacheDir, pregenerated });
  assert.equal(answered.outDir, recorded.code.outDir);
  assert.ok(fs.existsSync(path.join(answered.outDir, 'items.js')));
  const other = { ...SCHEMA, files: { 'items.proto': 'syntax = "proto3";\nmessage Item { int64 x = 1; }\n' } };
  await assert.rejects(generateCode(failing, other, { cacheDir, pregenerated }), /no code was generated for this schema before the sandbox started/);
});

test('generated TypeScript that does not compile is a GeneratedCodeError naming the file and the position; nothing is cached', async (t) => {
  const missing = await missingTools(TS_PROTO_GENERATOR.tools);
  if (missing) return t.skip(missing);
  const cacheDir = scratch();
  // The real tools, then what a schema breaking out of a comment leaves: text that is not TypeScript.
  const broken: Generator = {
    ...TS_PROTO_GENERATOR,
    async generate(run) {
      await TS_PROTO_GENERATOR.generate(run);
      fs.appendFileSync(path.join(run.outDir, 'items.ts'), '\n}}} ((( /*\n');
    },
  };
  const pregenerated = await recordGenerations(() => generateCode(broken, SCHEMA, { cacheDir }));
  await assert.rejects(
    generateCode(broken, SCHEMA, { cacheDir }),
    (error: unknown) =>
      error instanceof GeneratedCodeError &&
      /the generated items\.ts is not TypeScript that can be compiled \(Unexpected token \(\d+:\d+\)\)/.test(error.message),
  );
  assert.deepEqual(
    fs.existsSync(path.join(cacheDir, 'generated'))
      ? fs.readdirSync(path.join(cacheDir, 'generated'), { recursive: true }).filter((name) => String(name).endsWith('items.js'))
      : [],
    [],
  );
  // In the sandbox the same failure is the row's: an error (not a skip) with the same words.
  assert.equal(pregenerated[0]?.outcome.ok, false);
  await assert.rejects(
    generateCode(broken, SCHEMA, { cacheDir, pregenerated }),
    (error: unknown) => error instanceof Error && !(error instanceof GeneratedCodeError) && /is not TypeScript that can be compiled/.test(error.message),
  );
});
