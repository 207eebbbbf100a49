/**
 * `payload-lab evolve` as CI runs it: the table, --json, the exit codes of --fail-on, and bad
 * input named by file:line:column and version (the built CLI, in a child process).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { EvolutionReport } from '../../src/shared/evolution';
import { cliScript, fixture, repoRoot } from '../support/paths';

function evolve(...args: string[]) {
  const run = spawnSync(process.execPath, [cliScript, 'evolve', ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

const items = path.join(repoRoot, 'schemas', 'Items.proto');
const corpus = (kind: string, version: 'old' | 'new') => fixture('evolution', kind, `${version}.${kind.startsWith('avro/') ? 'avsc' : 'proto'}`);

function changedItems(from: string, to: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-evolve-'));
  const file = path.join(dir, 'Items.proto');
  fs.writeFileSync(file, fs.readFileSync(items, 'utf8').replace(from, to));
  return file;
}

test("the table shows the matrix, the reinterpreted values with examples, and each tool's label", () => {
  const { code, stdout } = evolve(items, changedItems('int32 x = 1;', 'sint32 x = 1;'), '--samples', '20');
  assert.equal(code, 0, 'without --fail-on the check reports and exits 0');
  assert.match(stdout, /old data\s+equal \(\d+ values\)\s+REINTERPRETED \d+ values/);
  assert.match(stdout, /reinterpreted {2}\$\.items\[\*\]\.x {2}\d+ values: a plain varint read as zigzag/);
  assert.match(stdout, /record \d+ \$\.items\[\d+\]\.x: written -?\d+, read -?\d+/);
  assert.match(stdout, /Schema Registry {2}NONE/);
  assert.match(stdout, /FIELD_SCALAR_KIND_CHANGED: Item\.x: .*\(int32 → sint32\) {2}\(Items\.proto:5:9, Items\.proto:5:10\)/);
  assert.match(stdout, /buf breaking {5}breaks FILE, PACKAGE, WIRE_JSON, WIRE/);
});

test('--fail-on exits 1 when a condition holds and names it; 0 when none does', () => {
  const renamed = [corpus('proto3/rename-field', 'old'), corpus('proto3/rename-field', 'new')];
  assert.equal(evolve(...renamed, '--fail-on', 'breaking,reinterpreted,dropped', '--mode', 'FULL').code, 0, 'a rename reads back equal and is FULL');
  const added = [corpus('proto3/add-field', 'old'), corpus('proto3/add-field', 'new')];
  const dropped = evolve(...added, '--fail-on', 'dropped', '--fail-on', 'reinterpreted');
  assert.equal(dropped.code, 1);
  assert.match(dropped.stderr, /--fail-on dropped: new data read by the old reader/);
  assert.doesNotMatch(dropped.stderr, /reinterpreted/);
  const avro = [corpus('avro/add-field-without-default', 'old'), corpus('avro/add-field-without-default', 'new')];
  assert.equal(evolve(...avro, '--fail-on', 'breaking', '--mode', 'FORWARD').code, 0);
  const backward = evolve(...avro, '--fail-on', 'breaking');
  assert.equal(backward.code, 1);
  assert.match(backward.stderr, /--fail-on breaking: old → new is FORWARD, BACKWARD required/);
  assert.match(backward.stdout, /fix: give field stock of Item a default in new \(new\.avsc\), e\.g\. "default": 0/);
});

test('--json prints the report: the matrix, the labels and the rules checked', () => {
  const { code, stdout } = evolve(corpus('avro/enum-symbol-added', 'old'), corpus('avro/enum-symbol-added', 'new'), '--json', '--samples', '10');
  assert.equal(code, 0);
  const report = JSON.parse(stdout) as EvolutionReport;
  assert.equal(report.format, 'avro');
  assert.equal(report.cells.length, 4);
  assert.equal(report.pairs[0]!.registry.mode, 'BACKWARD');
  assert.ok(report.rules.registry.includes('MISSING_ENUM_SYMBOLS'));
  assert.deepEqual(
    report.sample.perWriter.map((writer) => writer.records),
    [10, 10],
  );
});

test('--sample: records from the file where they fit each version', () => {
  const both = evolve(
    corpus('proto3/int32-to-uint32', 'old'),
    corpus('proto3/int32-to-uint32', 'new'),
    '--sample',
    fixture('evolution', 'proto3', 'int32-to-uint32', 'sample.json'),
    '--samples',
    '5',
  );
  assert.equal(both.code, 2, '--sample and --samples exclude each other');
  assert.equal(both.stdout, '');
  const run = evolve(
    corpus('proto3/int32-to-uint32', 'old'),
    corpus('proto3/int32-to-uint32', 'new'),
    '--sample',
    fixture('evolution', 'proto3', 'int32-to-uint32', 'sample.json'),
  );
  assert.equal(run.code, 0);
  assert.match(run.stdout, /old: the sample does not fit old \(record 0: \$\.count is 3000000000, expected int32/);
  assert.match(run.stdout, /written 3000000000, read -1294967296/);
});

test('bad input exits 2: a version that does not load at file:line:column with its version, a missing file, a usage mistake', () => {
  const broken = changedItems('double y = 2;', 'double y = 2');
  const load = evolve(items, broken);
  assert.equal(load.code, 2);
  assert.match(load.stderr, new RegExp(`${broken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:7:\\d+: .* \\(the new version\\)`));
  const missing = evolve('/nonexistent/old.proto', items);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /\/nonexistent\/old\.proto:1:1: no such file \(the old version\)/);
  const usage = evolve(items);
  assert.equal(usage.code, 2);
  assert.match(usage.stderr, /evolve takes two versions of a schema \(or more\), got 1/);
  const failOn = evolve(items, items, '--fail-on', 'everything');
  assert.equal(failOn.code, 2);
  assert.match(failOn.stderr, /--fail-on takes breaking, reinterpreted, dropped, got 'everything'/);
});
