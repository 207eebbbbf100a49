import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ProbeReport } from '../../src/shared/probes';
import type { ComparisonReport } from '../../src/shared/results';
import { cliScript, FAST_ARGS, fixture } from '../support/paths';

function cli(...args: string[]) {
  const run = spawnSync(process.execPath, [cliScript, ...args], { encoding: 'utf8', timeout: 120_000 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

const bigIds = () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-remnants-')), 'ids.json');
  fs.writeFileSync(file, '{"ids": [9007199254740993, 1], "z": -0}');
  return file;
};

test('compare --remnants prints the matrix after the table, with the kinds that occur', () => {
  const { code, stdout } = cli('compare', bigIds(), '--remnants', '--codecs', 'json,msgpackr,protobufjs', ...FAST_ARGS);
  assert.equal(code, 0);
  const section = stdout.slice(stdout.indexOf('Remnants: '));
  assert.ok(stdout.indexOf('ratio = bytes') < stdout.indexOf('Remnants: '), 'after the table and its footer');
  const header = section.split('\n').find((line) => line.startsWith('codec '));
  assert.match(header!, /^codec\s+prototype\s+inh\.enum\s+toJSON\s+types\s+precision$/);
  assert.match(section, /^msgpackr\s+·\s+·\s+·\s+·\s+2$/m); // 2^53 + 1 rounded by JSON.parse, -0 lost
  assert.match(section, /^precision\s+Precision: /m);
  assert.match(section, /^ {2}\$\.ids\[\*\] {2}precision: the file has 9007199254740993; JSON\.parse reads 9007199254740992/m);
});

test('compare without --remnants prints no matrix; --json carries it as remnantMatrix', () => {
  const plain = cli('compare', bigIds(), '--codecs', 'json', ...FAST_ARGS);
  assert.equal(plain.code, 0);
  assert.ok(!plain.stdout.includes('Remnants: '));
  const { code, stdout } = cli('compare', bigIds(), '--json', '--codecs', 'json', ...FAST_ARGS);
  assert.equal(code, 0);
  const report = JSON.parse(stdout) as ComparisonReport;
  assert.deepEqual(
    report.remnantMatrix?.rows.map((row) => [row.codec, row.cells.precision]),
    [['json', { remnants: 2, occurrences: 2 }]],
  );
});

test('probe --json prints one ProbeReport document', () => {
  const { code, stdout } = cli('probe', '--json', '--codecs', 'json,msgpackr', '--timeout', '5000');
  assert.equal(code, 0);
  const report = JSON.parse(stdout) as ProbeReport;
  assert.equal(report.tool.name, 'payload-lab');
  assert.deepEqual(
    report.codecs.map((c) => c.codec),
    ['json', 'msgpackr'],
  );
  const { observedHeapLimitMb, ...limits } = report.limits;
  assert.deepEqual(limits, { timeoutMs: 5000, memoryLimitMb: 256, heapLimitHeld: true });
  assert.equal(typeof observedHeapLimitMb, 'number');
  assert.equal(report.results.length, 2 * report.probes.length);
  const protoKey = report.results.find((r) => r.codec === 'msgpackr' && r.probe === 'proto-key');
  assert.equal(protoKey?.outcome, 'renamed-key');
});

test('probe prints a table of outcomes, and a decoder that aborts is a CRASHED cell, not a dead CLI', () => {
  const { code, stdout } = cli('probe', '--codecs', 'json', '--codec-module', fixture('codecs', 'aborts-on-decode.cjs'), '--timeout', '5000');
  assert.equal(code, 0);
  assert.match(stdout, /^probe\s+json\s+aborts-on-decode$/m);
  assert.match(stdout, /^"__proto__" key\s+ok\s+CRASHED$/m);
  assert.match(stdout, /^-0\s+wrong value\s+CRASHED$/m);
  assert.match(stdout, /^ {2}-0: CRASHED: the probe process was killed by SIGABRT/m);
});

test('probe rejects an unknown codec with exit code 2 and its usage', () => {
  const { code, stderr } = cli('probe', '--codecs', 'avro');
  assert.equal(code, 2);
  assert.match(stderr, /unknown codec: avro/);
  assert.match(stderr, /Usage: payload-lab probe/);
});
