/**
 * VS Code's Restricted Mode as the engine and the manifest see it: with a reason handed in
 * (CodegenSettings.restricted), rows that run a code generator are skipped with it and the
 * bundled libraries' rows still run; generation refuses without asking any tool; and every
 * setting that names a program is machine-scoped and restricted in package.json.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { compareSample } from '../../src/engine/compare';
import { generateCode, MissingToolError } from '../../src/codegen/generate';
import { FLATBUFFERS_GENERATOR } from '../../src/codegen/zero-copy-tools';
import { TOOL_SPECS } from '../../src/codegen/tool-registry';
import { TRUST_NEEDED } from '../../src/shared/trust';
import { bundledSlice, FAST } from '../support/paths';

const tuplesSlice = bundledSlice('tuples.json', 2_000);

const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-restricted-'));

test("restricted: the code generators' rows are skipped with the reason, before a tool runs; the bundled libraries' rows complete", async () => {
  const dir = scratch();
  const asked = path.join(dir, 'asked');
  // A flatc that would answer as flatc: only the restriction keeps it from running.
  const flatc = path.join(dir, 'flatc');
  fs.writeFileSync(flatc, `#!/bin/sh\necho "$@" >> '${asked}'\necho 'flatc version 2.0.8'\n`, { mode: 0o755 });
  const report = await compareSample(
    { path: tuplesSlice, bytes: fs.readFileSync(tuplesSlice) },
    {
      ...FAST,
      codecs: ['json', 'msgpackr', 'flatbuffers', 'ts-proto'],
      codegen: { cacheDir: path.join(dir, 'cache'), tools: { flatc }, restricted: TRUST_NEEDED },
    },
  );
  const rows = Object.fromEntries(report.results.map((row) => [row.codec, row]));
  assert.equal(rows.json?.status, 'completed');
  assert.equal(rows.msgpackr?.status, 'completed');
  for (const [codec, tools] of [
    ['flatbuffers', 'flatc'],
    ['ts-proto', 'protoc and protoc-gen-ts_proto'],
  ] as const) {
    const row = rows[codec];
    assert.ok(row?.status === 'skipped', `${codec}: ${row?.status}`);
    assert.equal(row.error.message, `${TRUST_NEEDED} (this row runs ${tools}, then the code generated)`);
  }
  assert.equal(fs.existsSync(asked), false, 'flatc was run');
});

test('restricted: generation refuses with the reason and asks no tool even its version', async () => {
  const dir = scratch();
  const asked = path.join(dir, 'asked');
  const flatc = path.join(dir, 'flatc');
  fs.writeFileSync(flatc, `#!/bin/sh\necho "$@" >> '${asked}'\necho 'flatc version 2.0.8'\n`, { mode: 0o755 });
  const schema = { files: { 'a.fbs': 'table A { x:int; }\nroot_type A;\n' }, entries: ['a.fbs'] };
  await assert.rejects(
    generateCode(FLATBUFFERS_GENERATOR, schema, { cacheDir: path.join(dir, 'cache'), tools: { flatc }, restricted: TRUST_NEEDED }),
    (error: unknown) => error instanceof MissingToolError && error.message === TRUST_NEEDED,
  );
  assert.equal(fs.existsSync(asked), false);
  // The same call unrestricted runs it: the fake is a working tool as far as discovery goes.
  await generateCode(FLATBUFFERS_GENERATOR, schema, { cacheDir: path.join(dir, 'cache'), tools: { flatc } });
  assert.match(fs.readFileSync(asked, 'utf8'), /--version\n--ts --gen-all -o /);
});

test('package.json: every tool setting is machine-scoped, says so, and is restricted in untrusted workspaces with the other settings that choose what runs', () => {
  type Setting = { scope?: string; markdownDescription: string };
  const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
    capabilities?: { untrustedWorkspaces?: { supported: string; description?: string; restrictedConfigurations?: string[] } };
    contributes: { configuration: { properties: Record<string, Setting> } };
  };
  const untrusted = manifest.capabilities?.untrustedWorkspaces;
  assert.equal(untrusted?.supported, 'limited');
  assert.ok(untrusted.description && untrusted.description.length > 0);
  const properties = manifest.contributes.configuration.properties;
  const toolSettings = Object.keys(properties).filter((key) => key.startsWith('payloadLab.tools.'));
  assert.deepEqual(toolSettings.sort(), TOOL_SPECS.map((spec) => `payloadLab.tools.${spec.id}`).sort());
  for (const key of toolSettings) {
    assert.equal(properties[key]!.scope, 'machine', key);
    assert.match(properties[key]!.markdownDescription, /A machine setting: set it in User settings \(in a remote window: Remote settings\)/, key);
  }
  const restricted = new Set(untrusted.restrictedConfigurations);
  for (const key of [...toolSettings, 'payloadLab.protoIncludePaths', 'payloadLab.defaultCodecs']) assert.ok(restricted.has(key), `${key} is not restricted`);
  for (const key of restricted) assert.ok(properties[key], `${key} is restricted but not a setting`);
});
