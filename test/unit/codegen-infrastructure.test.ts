/**
 * The code-generation infrastructure with real tools: discovery (setting, environment, PATH,
 * npm shims passed over), the cache (a second generation of the same schema runs no tool),
 * sucrase, and the loader's require map. The launch itself: run-program.test.ts.
 */
import '../support/in-process-generated-code';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { missingTools } from '../support/codegen-tools';
import { findTool, howToProvide } from '../../src/codegen/find-tool';
import { noteText } from '../../src/shared/note-text';
import { describeGeneration, generateCode, MissingToolError, type Generator } from '../../src/codegen/generate';
import { PROTOC, PROTOC_GEN_TS_PROTO, TS_PROTO_GENERATOR } from '../../src/codegen/protobuf-tools';
import { GeneratedModules } from '../../src/codegen/load-generated';
import { transpileTypeScript } from '../../src/codegen/transpile';
import { TOOL_SPECS } from '../../src/codegen/tool-registry';
import { UnsupportedSampleError } from '../../src/codecs/codec';

const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-codegen-'));

function executable(dir: string, name: string, script: string): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  fs.writeFileSync(file, `#!/bin/sh\n${script}\n`, { mode: 0o755 });
  return file;
}

test('a tool is found by its setting first, then its environment variable, then PATH', async () => {
  const dir = scratch();
  const fromSetting = executable(path.join(dir, 'a'), 'protoc', 'echo "libprotoc 1.0.0"');
  const fromEnv = executable(path.join(dir, 'b'), 'protoc', 'echo "libprotoc 2.0.0"');
  const onPath = executable(path.join(dir, 'c'), 'protoc', 'echo "libprotoc 3.0.0"');
  const env = { PATH: path.dirname(onPath), PAYLOAD_LAB_PROTOC: fromEnv };
  const bySetting = await findTool(PROTOC, { settings: { protoc: fromSetting }, env, ownBinDir: null });
  assert.deepEqual(bySetting.found && [bySetting.from, bySetting.version, bySetting.path], ['setting', '1.0.0', fromSetting]);
  const byEnv = await findTool(PROTOC, { env, ownBinDir: null });
  assert.deepEqual(byEnv.found && [byEnv.from, byEnv.version], ['environment', '2.0.0']);
  const byPath = await findTool(PROTOC, { env: { PATH: env.PATH }, ownBinDir: null });
  assert.deepEqual(byPath.found && [byPath.from, byPath.version], ['PATH', '3.0.0']);
});

test('a missing tool says what to install and which setting or variable to use', async () => {
  const lookup = await findTool(PROTOC, { env: { PATH: scratch() }, ownBinDir: null });
  assert.equal(lookup.found, false);
  const problem = lookup.found ? '' : lookup.problem;
  assert.match(problem, /protoc was not found/);
  assert.match(problem, /apt-get install protobuf-compiler/);
  assert.match(problem, /payloadLab\.tools\.protoc/);
  assert.match(problem, /PAYLOAD_LAB_PROTOC/);
  assert.ok(problem.endsWith(howToProvide(PROTOC)));
});

test('a setting naming something unusable is reported, not passed over for PATH', async () => {
  const dir = scratch();
  const onPath = executable(dir, 'protoc', 'echo "libprotoc 3.0.0"');
  const notThere = await findTool(PROTOC, { settings: { protoc: path.join(dir, 'nope') }, env: { PATH: path.dirname(onPath) }, ownBinDir: null });
  assert.ok(!notThere.found && /the setting payloadLab\.tools\.protoc names .*nope, which is not an executable file/.test(notThere.problem));
  const failing = executable(path.join(dir, 'x'), 'protoc', 'echo broken >&2; exit 3');
  const broken = await findTool(PROTOC, { env: { PATH: '', PAYLOAD_LAB_PROTOC: failing }, ownBinDir: null });
  assert.ok(!broken.found && /does not run: .*exited with code 3: broken/.test(broken.problem), broken.found ? '' : broken.problem);
});

test('a tool is asked its version once per file: the answer is kept in the cache folder until the file changes', async () => {
  const dir = scratch();
  const asked = path.join(dir, 'asked');
  const protoc = executable(path.join(dir, 'bin'), 'protoc', `echo x >> ${asked}; echo "libprotoc 3.0.0"`);
  const search = { env: { PATH: '', PAYLOAD_LAB_PROTOC: protoc }, ownBinDir: null, cacheDir: path.join(dir, 'cache') };
  const timesAsked = () => fs.readFileSync(asked, 'utf8').split('\n').filter(Boolean).length;
  for (let run = 0; run < 3; run++) assert.deepEqual(((lookup) => lookup.found && lookup.version)(await findTool(PROTOC, search)), '3.0.0');
  assert.equal(timesAsked(), 1);
  // Upgraded in place: another file as far as the cache can tell, so asked again.
  fs.writeFileSync(protoc, '#!/bin/sh\necho x >> ' + asked + '\necho "libprotoc 3.10.0"\n');
  const upgraded = await findTool(PROTOC, search);
  assert.equal(upgraded.found && upgraded.version, '3.10.0');
  assert.equal(timesAsked(), 2);
});

test("native tools pass over npm's node_modules/.bin shims on PATH (they download binaries when run)", async () => {
  const dir = scratch();
  const shim = executable(path.join(dir, 'node_modules', '.bin'), 'protoc', 'echo "libprotoc 9.9.9"');
  const lookup = await findTool(PROTOC, { env: { PATH: path.dirname(shim) }, ownBinDir: null });
  assert.equal(lookup.found, false);
});

test("an npm plugin Payload Lab depends on is found in its node_modules, with its package's version", async () => {
  const lookup = await findTool(PROTOC_GEN_TS_PROTO, { env: { PATH: scratch() } });
  assert.ok(lookup.found, lookup.found ? '' : lookup.problem);
  assert.equal(lookup.from, "Payload Lab's dependencies");
  const manifest = JSON.parse(fs.readFileSync(require.resolve('ts-proto/package.json'), 'utf8')) as { version: string };
  assert.equal(lookup.version, manifest.version);
});

const SCHEMA = {
  files: { 'items.proto': 'syntax = "proto3";\nmessage Item { int32 x = 1; double y = 2; }\nmessage Items { repeated Item items = 1; }\n' },
  entries: ['items.proto'],
};

test('generateCode with protoc and ts-proto: the second generation of the same schema is a cache hit that runs no tool', async (t) => {
  const missing = await missingTools(TS_PROTO_GENERATOR.tools);
  if (missing) return t.skip(missing);
  const cacheDir = scratch();
  const first = await generateCode(TS_PROTO_GENERATOR, SCHEMA, { cacheDir });
  assert.equal(first.cached, false);
  assert.deepEqual(
    first.steps.map((step) => step.label.replace(/ \(.*/, '')),
    ['protoc + protoc-gen-ts_proto', 'sucrase'],
  );
  assert.ok(fs.existsSync(path.join(first.outDir, 'items.js')));
  assert.match(noteText(describeGeneration(first)), /^code generation: protoc \+ protoc-gen-ts_proto \d+ ms, sucrase .* with protoc \d+\.\d+/);
  const written = fs.statSync(path.join(first.outDir, 'items.js')).mtimeMs;

  // A generator whose tool would fail if run: a hit must not run it.
  const failing: Generator = { ...TS_PROTO_GENERATOR, generate: () => Promise.reject(new Error('ran a tool on a cache hit')) };
  const second = await generateCode(failing, SCHEMA, { cacheDir });
  assert.equal(second.cached, true);
  assert.equal(second.outDir, first.outDir);
  assert.equal(fs.statSync(path.join(second.outDir, 'items.js')).mtimeMs, written);
  assert.match(noteText(describeGeneration(second)), /^code generation: cached \(no generation this run/);

  const otherOptions = await generateCode({ ...TS_PROTO_GENERATOR, options: { parameter: 'forceLong=string' } }, SCHEMA, { cacheDir }).catch(
    (error: Error) => error,
  );
  assert.ok(!(otherOptions instanceof Error) && otherOptions.key !== first.key, 'options are part of the key');
});

test('a schema protoc rejects fails with protoc’s own message (file:line:column)', async (t) => {
  const missing = await missingTools(TS_PROTO_GENERATOR.tools);
  if (missing) return t.skip(missing);
  const broken = { files: { 'bad.proto': 'syntax = "proto3";\nmessage Item { int32 = 1; }\n' }, entries: ['bad.proto'] };
  await assert.rejects(generateCode(TS_PROTO_GENERATOR, broken, { cacheDir: scratch() }), /bad\.proto:2:\d+: /);
});

test('a generator whose tool is missing throws a MissingToolError: the row is skipped, not errored', async () => {
  const generator: Generator = {
    id: 'nothing',
    tools: [{ ...PROTOC, id: 'nothingHere', executable: 'payload-lab-no-such-tool', env: 'PAYLOAD_LAB_NO_SUCH_TOOL' }],
    options: {},
    generate: async () => undefined,
  };
  await assert.rejects(
    generateCode(generator, SCHEMA, { cacheDir: scratch() }),
    (error: unknown) =>
      error instanceof MissingToolError && error instanceof UnsupportedSampleError && /payload-lab-no-such-tool was not found/.test(error.message),
  );
});

test('sucrase turns generated TypeScript into CommonJS that runs', async () => {
  const code = await transpileTypeScript(
    'import { helper } from "runtime";\nexport enum Kind { A = 1 }\nexport interface Shape { kind: Kind }\nexport const make = (): Shape => ({ kind: helper(Kind.A) });\n',
    'shape.ts',
  );
  const dir = scratch();
  fs.writeFileSync(path.join(dir, 'shape.js'), code);
  const modules = new GeneratedModules(dir, { runtime: () => ({ helper: (value: number) => value * 10 }) });
  const exports = modules.require('shape.js') as { make(): { kind: number } };
  assert.deepEqual(exports.make(), { kind: 10 });
});

test('generated modules get their runtimes from the require map and their siblings from their folder, nothing else', () => {
  const dir = scratch();
  fs.mkdirSync(path.join(dir, 'nested'));
  fs.writeFileSync(
    path.join(dir, 'main.js'),
    'const lib = require("the-runtime"); const other = require("./nested/other"); exports.value = lib.base + other.value;',
  );
  fs.writeFileSync(path.join(dir, 'nested', 'other.js'), 'exports.value = 2;');
  fs.writeFileSync(path.join(dir, 'escape.js'), 'require("../outside");');
  fs.writeFileSync(path.join(dir, 'unknown.js'), 'require("left-pad");');
  const modules = new GeneratedModules(dir, { 'the-runtime': () => ({ base: 40 }) });
  assert.equal((modules.require('main.js') as { value: number }).value, 42);
  assert.throws(() => modules.require('escape.js'), /requires '\.\.\/outside', outside its folder/);
  assert.throws(() => modules.require('unknown.js'), /requires 'left-pad', which Payload Lab does not provide to it \(it provides the-runtime\)/);
});

test('every tool has its payloadLab.tools setting in package.json, naming its environment variable', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
    contributes: { configuration: { properties: Record<string, { type: string; markdownDescription: string }> } };
  };
  for (const spec of TOOL_SPECS) {
    const setting = manifest.contributes.configuration.properties[`payloadLab.tools.${spec.id}`];
    assert.equal(setting?.type, 'string', `payloadLab.tools.${spec.id}`);
    assert.ok(setting.markdownDescription.includes(spec.env) && setting.markdownDescription.includes(spec.executable), spec.id);
  }
});
