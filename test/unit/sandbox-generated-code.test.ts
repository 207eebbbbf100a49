/**
 * Generated code is untrusted code: each attack run for real through the CLI, with the real
 * tools, and the canary file it tries to write checked afterwards. Hostile schemas (a .fbs doc
 * comment, a .capnp comment, a .bop @deprecated string, a .proto json_name and a proto2 default
 * that end a comment in the generated code) are refused before generation, at their
 * file:line:column. Generated code that attacks anyway (a poisoned cache entry: writes a file,
 * starts a process, starts a worker, requires child_process) runs in the sandbox, which stops
 * each; the same module loaded outside the sandbox does write the canaries (the control).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { missingZeroCopyTools } from '../support/zero-copy-tools';
import { missingTools } from '../support/codegen-tools';
import { cliScript, FAST_ARGS, repoRoot, workerScript } from '../support/paths';
import { InspectionWorker } from '../../src/engine/inspection-worker-client';
import { ZERO_COPY_TOOLS } from '../../src/codegen/zero-copy-tools';
import { PROTOBUF_TOOLS, PROTOC, PROTOC_GEN_TS } from '../../src/codegen/protobuf-tools';
import { GeneratedModules, NotSandboxedError } from '../../src/codegen/load-generated';
import type { ComparisonReport, CodecResult, CompletedResult } from '../../src/shared/results';

const run = promisify(execFile);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-sandbox-'));
const sample = path.join(scratch, 'items.json');
fs.writeFileSync(
  sample,
  JSON.stringify([
    { name: 'a', x: 1 },
    { name: 'b', x: 2 },
  ]),
);

async function compare(cacheDir: string, ...args: string[]): Promise<Record<string, CodecResult>> {
  const { stdout } = await run(process.execPath, [cliScript, 'compare', sample, ...FAST_ARGS, '--cache-dir', cacheDir, '--json', ...args], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return Object.fromEntries((JSON.parse(stdout) as ComparisonReport).results.map((row) => [row.codec, row]));
}

function errorOf(row: CodecResult | undefined): { stage: string; message: string } {
  assert.ok(row, 'the row is missing');
  assert.ok(row.status === 'errored' || row.status === 'skipped', `${row.codec} ${row.status}`);
  return row.error;
}

/** Code that writes `canary`, in a string a generator copies. */
const writes = (canary: string) => `process.getBuiltinModule('fs').writeFileSync(${JSON.stringify(canary)}, 'pwned')`;

test('hostile .fbs, .capnp and .bop schemas are refused before generation at their file:line:column; no canary is written', async (t) => {
  const missing = await missingZeroCopyTools(ZERO_COPY_TOOLS);
  if (missing) return t.skip(missing);
  const canaries = ['fbs', 'capnp', 'bop'].map((language) => path.join(scratch, `canary-${language}`));
  const fbs = path.join(scratch, 'hostile.fbs');
  fs.writeFileSync(fbs, `table Item {\n  name: string;\n  /// */ ${writes(canaries[0]!)}; /*\n  x: int;\n}\nroot_type Item;\n`);
  const capnp = path.join(scratch, 'hostile.capnp');
  fs.writeFileSync(capnp, `@0xdbb9ad1f14bf0b36;\nstruct Item {\n  name @0 :Text;\n  x @1 :Int32; # */ ${writes(canaries[1]!)}; /*\n}\n`);
  const bop = path.join(scratch, 'hostile.bop');
  fs.writeFileSync(
    bop,
    `message Item {\n  1 -> string name;\n    @deprecated("*/ } ${writes(canaries[2]!).replace(/"/g, "'")}; interface X { /*")\n  2 -> int32 x;\n}\n`,
  );
  const rows = await compare(fs.mkdtempSync(path.join(scratch, 'cache-')), '--codecs', 'flatbuffers,capnp,bebop', '--fbs', fbs, '--capnp', capnp, '--bop', bop);
  const expected = {
    flatbuffers: `${fbs}:3:7: a comment holds \`*/\``,
    capnp: `${capnp}:4:18: a comment holds \`*/\``,
    bebop: `${bop}:3:18: a string holds \`*/\``,
  };
  for (const [codec, where] of Object.entries(expected)) {
    const error = errorOf(rows[codec]);
    assert.equal(error.stage, 'prepare', codec);
    assert.ok(error.message.startsWith(where), `${codec}: ${error.message}`);
    assert.match(error.message, /not passed to the generator/);
  }
  for (const canary of canaries) assert.equal(fs.existsSync(canary), false, canary);
});

test('a .proto json_name and a proto2 default that end a comment in protobuf-ts code are refused at their file:line:column for every generated row', async (t) => {
  const missing = await missingTools(PROTOBUF_TOOLS);
  if (missing) return t.skip(missing);
  const canary = path.join(scratch, 'canary-proto');
  const jsonName = path.join(scratch, 'json-name.proto');
  fs.writeFileSync(
    jsonName,
    `syntax = "proto3";\nmessage Item {\n  string name = 1;\n  int32 x = 2 [json_name = "*/ fieldNo: ${writes(canary).replace(/"/g, "'")}, //"];\n}\n`,
  );
  const withDefault = path.join(scratch, 'default.proto');
  fs.writeFileSync(
    withDefault,
    `syntax = "proto2";\nmessage Item {\n  optional string name = 1 [default = "*/ fieldNo: ${writes(canary).replace(/"/g, "'")}, //"];\n  optional int32 x = 2;\n}\n`,
  );
  for (const [file, where] of [
    [jsonName, `${jsonName}:4:29`],
    [withDefault, `${withDefault}:3:40`],
  ] as const) {
    const rows = await compare(fs.mkdtempSync(path.join(scratch, 'cache-')), '--codecs', 'protobuf-ts,ts-proto,google-protobuf', '--proto', file);
    for (const codec of ['protobuf-ts', 'ts-proto', 'google-protobuf']) {
      const error = errorOf(rows[codec]);
      assert.equal(error.stage, 'prepare', `${codec}: ${error.message}`);
      assert.ok(error.message.startsWith(`${where}: a string holds \`*/\``), `${codec}: ${error.message}`);
    }
  }
  assert.equal(fs.existsSync(canary), false);
});

/** Code that tries each way out and ends with what became of each (the row's error carries it). */
function poison(canaries: { write: string; child: string; worker: string }): string {
  return [
    'const attempts = [];',
    "const attempt = (what, act) => { try { act(); attempts.push(what + ': done'); } catch (error) { attempts.push(what + ': ' + (error.code || error.message)); } };",
    `attempt('write', () => ${writes(canaries.write)});`,
    `attempt('child', () => process.getBuiltinModule('child_process').execFileSync(process.execPath, ['-e', ${JSON.stringify(`require('fs').writeFileSync(${JSON.stringify(canaries.child)}, 'pwned')`)}]));`,
    `attempt('worker', () => new (process.getBuiltinModule('worker_threads').Worker)(${JSON.stringify(`require('fs').writeFileSync(${JSON.stringify(canaries.worker)}, 'pwned')`)}, { eval: true }));`,
    "attempt('require', () => require('child_process'));",
    "attempts.push('fetch: ' + typeof fetch);",
    "throw new Error('canary: ' + attempts.join('; '));",
    '',
  ].join('\n');
}

/** The cache entry folders (their out/) a run left, holding `file`. */
function entriesHolding(cacheDir: string, file: RegExp): string[] {
  const root = path.join(cacheDir, 'generated');
  return fs
    .readdirSync(root)
    .flatMap((prefix) => fs.readdirSync(path.join(root, prefix)).map((key) => path.join(root, prefix, key, 'out')))
    .filter((out) => fs.existsSync(out) && fs.readdirSync(out).some((name) => file.test(name)));
}

async function waitForFile(file: string): Promise<boolean> {
  for (let tries = 0; tries < 100 && !fs.existsSync(file); tries++) await new Promise((resolve) => setTimeout(resolve, 100));
  return fs.existsSync(file);
}

test('poisoned generated FlatBuffers code runs sandboxed: its write, process, worker and require are each refused, the row says so, no canary; outside the sandbox the same module writes them', async (t) => {
  const missing = await missingZeroCopyTools([ZERO_COPY_TOOLS[0]!]);
  if (missing) return t.skip(missing);
  const cacheDir = fs.mkdtempSync(path.join(scratch, 'cache-'));
  const clean = await compare(cacheDir, '--codecs', 'flatbuffers');
  assert.equal(clean.flatbuffers?.status, 'completed', JSON.stringify(clean.flatbuffers));
  const [out] = entriesHolding(cacheDir, /^schema_generated\.js$/);
  assert.ok(out, 'the flatbuffers entry');
  const canaries = { write: path.join(scratch, 'canary-write'), child: path.join(scratch, 'canary-child'), worker: path.join(scratch, 'canary-worker') };
  const generated = path.join(out, 'schema_generated.js');
  fs.writeFileSync(generated, poison(canaries) + fs.readFileSync(generated, 'utf8'));

  const error = errorOf((await compare(cacheDir, '--codecs', 'flatbuffers')).flatbuffers);
  assert.equal(error.stage, 'prepare');
  assert.match(
    error.message,
    /write: ERR_ACCESS_DENIED; child: ERR_ACCESS_DENIED; worker: ERR_ACCESS_DENIED; require: .*requires 'child_process', which Payload Lab does not provide/,
  );
  assert.match(error.message, /fetch: undefined/);
  for (const canary of Object.values(canaries)) assert.equal(fs.existsSync(canary), false, canary);

  // The control: the same module, the same loader, no sandbox.
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'test', 'support', 'load-generated-unsandboxed.ts'), out, 'schema_generated.js'],
    { cwd: repoRoot },
  );
  assert.match(stdout, /canary: write: done; child: done; worker: done/);
  for (const canary of Object.values(canaries)) assert.equal(await waitForFile(canary), true, canary);
  for (const canary of Object.values(canaries)) fs.rmSync(canary);
});

test('poisoned protobuf-ts code that writes a file is an error row at prepare saying the access was refused; no canary', async (t) => {
  const missing = await missingTools([PROTOC, PROTOC_GEN_TS]);
  if (missing) return t.skip(missing);
  const cacheDir = fs.mkdtempSync(path.join(scratch, 'cache-'));
  assert.equal((await compare(cacheDir, '--codecs', 'protobuf-ts'))['protobuf-ts']?.status, 'completed');
  const [out] = entriesHolding(cacheDir, /^schema\.js$/);
  assert.ok(out, 'the protobuf-ts entry');
  const canary = path.join(scratch, 'canary-protobuf-ts');
  const generated = path.join(out, 'schema.js');
  fs.writeFileSync(generated, `${writes(canary)};\n${fs.readFileSync(generated, 'utf8')}`);
  const error = errorOf((await compare(cacheDir, '--codecs', 'protobuf-ts'))['protobuf-ts']);
  assert.equal(error.stage, 'prepare');
  assert.match(error.message, /Access to this API has been restricted/);
  assert.equal(fs.existsSync(canary), false);
});

test('GeneratedModules loads nothing in a process that is no sandbox (this one), saying why; no bundle source opens the test hatch', () => {
  const folder = fs.mkdtempSync(path.join(scratch, 'plain-'));
  const canary = path.join(scratch, 'canary-plain');
  fs.writeFileSync(path.join(folder, 'module.js'), `${writes(canary)};\n`);
  assert.throws(
    () => new GeneratedModules(folder, {}).require('module.js'),
    (error: unknown) => error instanceof NotSandboxedError && /runs without Node's permission model/.test(error.message),
  );
  assert.equal(fs.existsSync(canary), false);
  const callers = fs
    .readdirSync(path.join(repoRoot, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && fs.readFileSync(path.join(repoRoot, 'src', file), 'utf8').includes('allowUnsandboxedLoadsInThisProcess('))
    .map((file) => file.split(path.sep).join('/'));
  assert.deepEqual(callers, ['codegen/load-generated.ts']);
});

test('legitimate generated code gives the same bytes sandboxed: the inspector opens a FlatBuffers row in its sandboxed child, its bytes those of the row', async (t) => {
  const missing = await missingZeroCopyTools([ZERO_COPY_TOOLS[0]!]);
  if (missing) return t.skip(missing);
  const cacheDir = fs.mkdtempSync(path.join(scratch, 'cache-'));
  const row = (await compare(cacheDir, '--codecs', 'flatbuffers')).flatbuffers;
  assert.equal(row?.status, 'completed');
  const job = { codec: { builtin: 'flatbuffers' }, sample: { path: sample, kind: 'json' as const }, codegen: { cacheDir } };
  const { worker, opened } = await InspectionWorker.open(job, { workerScript, memoryLimitMb: 1024, timeoutMs: 120_000 });
  try {
    assert.equal(opened.encodedBytes, (row as CompletedResult).bytes);
    assert.equal(opened.codec, 'flatbuffers');
  } finally {
    await worker.close();
  }
});
