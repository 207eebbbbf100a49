/**
 * A program named as a tool must show it is the tool before it is given anything of the user's:
 * real programs that are not the tool (Python, a script printing a banner that is not the tool's)
 * are refused, and a canary schema proves nothing of the user's ran; relative paths are refused;
 * the real tools pass. Discovery order and the version cache: codegen-infrastructure.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BEBOP_TOOLS_DIR, missingZeroCopyTools } from '../support/zero-copy-tools';
import { missingTools } from '../support/codegen-tools';
import { findTool, type ToolLookup } from '../../src/codegen/find-tool';
import { generateCode, MissingToolError, type Generator } from '../../src/codegen/generate';
import { PROTOC, PROTOC_GEN_JS, PROTOC_GEN_TS, PROTOC_GEN_TS_PROTO, GOOGLE_PROTOBUF_GENERATOR } from '../../src/codegen/protobuf-tools';
import { BEBOP_GENERATOR, BEBOPC, CAPNP, CAPNPC_TS, FLATBUFFERS_GENERATOR, FLATC } from '../../src/codegen/zero-copy-tools';
import type { ToolSpec } from '../../src/codegen/tool-spec';

const PYTHON = '/usr/bin/python3';
const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-identity-'));
const problemOf = (lookup: ToolLookup) => (lookup.found ? `found ${lookup.path} ${lookup.version}` : lookup.problem);

/**
 * A schema that, run as Python, writes the marker: what `python3 -i Items.bop …` (bebopc's
 * arguments) does with it. Its other lines are comments to Python and errors to any compiler.
 */
function canarySchema(marker: string, extension: string): { files: Record<string, string>; entries: string[] } {
  const name = `Items.${extension}`;
  return { files: { [name]: `import pathlib; pathlib.Path(${JSON.stringify(marker)}).write_text('ran')\n` }, entries: [name] };
}

/** A script answering --version with `banner`, and writing the marker when run with anything else. */
function fakeTool(dir: string, name: string, banner: string, marker: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `#!/bin/sh\nif [ "$1" = "--version" ]; then echo '${banner}'; exit 0; fi\necho "$@" > '${marker}'\n`, { mode: 0o755 });
  return file;
}

async function refusedBeforeTheSchema(generator: Generator, spec: ToolSpec, program: string, extension: string): Promise<string> {
  const dir = scratch();
  const marker = path.join(dir, 'marker');
  const tools = Object.fromEntries(generator.tools.map((tool) => [tool.id, tool.id === spec.id ? program : '']));
  const error = await generateCode(generator, canarySchema(marker, extension), { cacheDir: path.join(dir, 'cache'), tools }).then(
    () => undefined,
    (failure: unknown) => failure,
  );
  assert.ok(error instanceof MissingToolError, `${spec.id} as ${program}: ${String(error)}`);
  assert.equal(fs.existsSync(marker), false, `${program} ran the schema as ${spec.id}`);
  return error.message;
}

test("the canary is live: python3 given bebopc's arguments runs the schema and writes the marker", (t) => {
  if (!fs.existsSync(PYTHON)) return t.skip(`${PYTHON} is not installed`);
  const dir = scratch();
  const marker = path.join(dir, 'marker');
  const { files, entries } = canarySchema(marker, 'bop');
  fs.writeFileSync(path.join(dir, entries[0]!), files[entries[0]!]!);
  execFileSync(PYTHON, ['-i', entries[0]!, '-df', 'MSBuild', 'build', '-g', `ts:${path.join(dir, 'out.ts')}`], {
    cwd: dir,
    input: '',
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  assert.equal(fs.readFileSync(marker, 'utf8'), 'ran');
});

test('python3 named as bebopc, flatc or protoc is refused before the schema is passed, saying what it printed and what to set', async (t) => {
  if (!fs.existsSync(PYTHON)) return t.skip(`${PYTHON} is not installed`);
  const version = execFileSync(PYTHON, ['--version'], { encoding: 'utf8' }).trim();
  const cases: Array<[Generator, ToolSpec, string, string]> = [
    [BEBOP_GENERATOR, BEBOPC, 'bop', 'a version alone, such as 3.2.3'],
    [FLATBUFFERS_GENERATOR, FLATC, 'fbs', 'flatc version X.Y.Z'],
    [GOOGLE_PROTOBUF_GENERATOR, PROTOC, 'proto', 'libprotoc X.Y'],
  ];
  for (const [generator, spec, extension, shape] of cases) {
    const message = await refusedBeforeTheSchema(generator, spec, PYTHON, extension);
    assert.ok(
      message.includes(
        `the setting payloadLab.tools.${spec.id} names ${PYTHON}, which is not ${spec.executable}: \`${spec.executable} --version\` answers "${shape}", and it printed "${version}"`,
      ),
      message,
    );
    assert.match(message, new RegExp(`set payloadLab\\.tools\\.${spec.id} \\(a machine setting.*the environment variable ${spec.env}\\) to its absolute path`));
  }
});

test("a script printing a banner that is not the tool's is refused, and never given the schema", async () => {
  const dir = scratch();
  const cases: Array<[Generator, ToolSpec, string, string]> = [
    // Each close to the real answer, not it: another word order, another program's name, a missing word.
    [BEBOP_GENERATOR, BEBOPC, 'bop', 'bebopc 3.2.3'],
    [FLATBUFFERS_GENERATOR, FLATC, 'fbs', 'flatc 2.0.8'],
    [GOOGLE_PROTOBUF_GENERATOR, PROTOC, 'proto', 'protoc 3.21.12'],
  ];
  for (const [generator, spec, extension, banner] of cases) {
    const marker = path.join(dir, `${spec.id}-ran`);
    const fake = fakeTool(dir, spec.executable, banner, marker);
    const message = await refusedBeforeTheSchema(generator, spec, fake, extension);
    assert.ok(message.includes(`names ${fake}, which is not ${spec.executable}`) && message.includes(`it printed "${banner}"`), message);
    assert.equal(fs.existsSync(marker), false, `${fake} was run with the schema`);
  }
});

test('a protoc plugin that answers --version instead of refusing it is not protoc-gen-js', async () => {
  const dir = scratch();
  const marker = path.join(dir, 'ran');
  const fake = fakeTool(dir, 'protoc-gen-js', 'protoc-gen-js 3.21.4', marker);
  const lookup = await findTool(PROTOC_GEN_JS, { env: { PATH: '', PAYLOAD_LAB_PROTOC_GEN_JS: fake }, ownBinDir: null });
  assert.ok(
    !lookup.found &&
      lookup.problem.includes(`the environment variable PAYLOAD_LAB_PROTOC_GEN_JS names ${fake}, which is not protoc-gen-js`) &&
      lookup.problem.includes('and it succeeded, printing "protoc-gen-js 3.21.4"'),
    problemOf(lookup),
  );
});

test('a JavaScript plugin must be the file its npm package names as that bin: another executable of the package, or python3, is refused', async (t) => {
  const dump = require.resolve('@protobuf-ts/plugin/bin/protoc-gen-dump');
  const other = await findTool(PROTOC_GEN_TS, { settings: { protocGenTs: dump }, env: { PATH: '' }, ownBinDir: null });
  assert.ok(
    !other.found &&
      other.problem.includes(`names ${dump}, which is not protoc-gen-ts: @protobuf-ts/plugin's package.json`) &&
      other.problem.includes('as its bin protoc-gen-ts'),
    problemOf(other),
  );
  if (!fs.existsSync(PYTHON)) return t.skip(`${PYTHON} is not installed`);
  for (const spec of [PROTOC_GEN_TS_PROTO, PROTOC_GEN_TS, CAPNPC_TS]) {
    const lookup = await findTool(spec, { settings: { [spec.id]: PYTHON }, env: { PATH: '' }, ownBinDir: null });
    assert.ok(!lookup.found && lookup.problem.includes(`which is not ${spec.executable}: it is not inside the npm package`), problemOf(lookup));
  }
});

test('a relative path in a setting or an environment variable is refused, even where it names the real tool; so is a relative PATH entry', async () => {
  const dir = scratch();
  const marker = path.join(dir, 'ran');
  fakeTool(dir, 'flatc', 'flatc version 2.0.8', marker);
  // The real tool's banner, in the current folder: only the path's being relative refuses it.
  const previous = process.cwd();
  process.chdir(dir);
  try {
    const bySetting = await findTool(FLATC, { settings: { flatc: './flatc' }, env: { PATH: '' }, ownBinDir: null });
    assert.ok(
      !bySetting.found && bySetting.problem.startsWith('the setting payloadLab.tools.flatc is ./flatc, a relative path: it is not used'),
      problemOf(bySetting),
    );
    const byEnv = await findTool(FLATC, { env: { PATH: '', PAYLOAD_LAB_FLATC: 'flatc' }, ownBinDir: null });
    assert.ok(!byEnv.found && byEnv.problem.startsWith('the environment variable PAYLOAD_LAB_FLATC is flatc, a relative path'), problemOf(byEnv));
    const byPath = await findTool(FLATC, { env: { PATH: '.' }, ownBinDir: null });
    assert.ok(!byPath.found && byPath.problem.includes('flatc was not found'), problemOf(byPath));
  } finally {
    process.chdir(previous);
  }
});

test('the real tools pass: protoc, flatc, capnp, bebopc (its WASI module and its native build), and the plugins', async (t) => {
  const missing = (await missingTools([PROTOC, PROTOC_GEN_JS])) ?? (await missingZeroCopyTools([FLATC, CAPNP, BEBOPC]));
  if (missing) return t.skip(missing);
  const expected: Array<[ToolSpec, RegExp]> = [
    [PROTOC, /^\d+\.\d+/],
    [FLATC, /^\d+\.\d+\.\d+$/],
    [CAPNP, /^\d+\.\d+/],
    [BEBOPC, /^\d+\.\d+\.\d+$/],
    // No version of its own: its npm package's, or its file's hash.
    [PROTOC_GEN_JS, /^(sha256:[0-9a-f]{12}|\d+\.\d+\.\d+)$/],
  ];
  for (const [spec, version] of expected) {
    const found = await findTool(spec);
    assert.ok(found.found && version.test(found.version), `${spec.id}: ${problemOf(found)}`);
    // The same program named by its absolute path in the setting.
    const bySetting = await findTool(spec, { settings: { [spec.id]: found.path } });
    assert.ok(bySetting.found && bySetting.from === 'setting' && bySetting.version === found.version, `${spec.id}: ${problemOf(bySetting)}`);
  }
  const native = path.join(BEBOP_TOOLS_DIR, 'bebopc');
  if (fs.existsSync(native)) {
    const lookup = await findTool(BEBOPC, { settings: { bebopc: native } });
    assert.ok(lookup.found && /^\d+\.\d+\.\d+$/.test(lookup.version), problemOf(lookup));
  }
  for (const spec of [PROTOC_GEN_TS_PROTO, PROTOC_GEN_TS, CAPNPC_TS]) {
    const lookup = await findTool(spec, { env: { PATH: '' } });
    assert.ok(lookup.found && lookup.from === "Payload Lab's dependencies" && /^\d+\.\d+\.\d+/.test(lookup.version), `${spec.id}: ${problemOf(lookup)}`);
  }
});

test('a remembered answer is only one that passed: a program that was not the tool is asked again, and refused again', async () => {
  const dir = scratch();
  const asked = path.join(dir, 'asked');
  const file = path.join(dir, 'flatc');
  fs.writeFileSync(file, `#!/bin/sh\necho x >> '${asked}'\necho 'not flatc'\n`, { mode: 0o755 });
  const search = { env: { PATH: '', PAYLOAD_LAB_FLATC: file }, ownBinDir: null, cacheDir: path.join(dir, 'cache') };
  for (let run = 0; run < 2; run++) assert.equal((await findTool(FLATC, search)).found, false);
  assert.equal(fs.readFileSync(asked, 'utf8').split('\n').filter(Boolean).length, 2);
});
