/**
 * The probe runner checks the heap limit its processes really got: each probe process reports
 * V8's heap_size_limit, and the report says whether --max-old-space-size held (old Electron,
 * VS Code's extension host, ignored it in forked processes).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { probeFooter } from '../../src/cli/probe-table';
import { heapLimitHeld, runProbes } from '../../src/probes/run-probes';
import { repoRoot } from '../support/paths';

const childScript = path.join(repoRoot, 'dist', 'probe-process.js');
const quickProbe = { childScript, codecs: ['json'], probes: ['negative-zero'] as const, timeoutMs: 8_000 };

/** What a plain Node process started with these flags reports as its heap limit, in MB. */
function nodeHeapLimitMb(flags: string[]): number {
  const script = "process.stdout.write(String(require('node:v8').getHeapStatistics().heap_size_limit))";
  return Math.round(Number(execFileSync(process.execPath, [...flags, '-e', script], { encoding: 'utf8' })) / 2 ** 20);
}

/**
 * A probe script that stands in for a runtime ignoring the flag: it is forked with the flag,
 * but runs the real probe script in a process of its own started without it, and relays.
 */
function flagIgnoringChildScript(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-heap-')), 'ignores-heap-flag.cjs');
  fs.writeFileSync(
    file,
    `
    const { fork } = require('node:child_process');
    const real = fork(${JSON.stringify(childScript)}, [], { execArgv: [], serialization: 'json' });
    process.on('message', (message) => real.send(message));
    real.on('message', (message) => process.send(message));
    process.on('disconnect', () => real.kill());
    real.on('exit', (code) => process.exit(code ?? 1));
  `,
  );
  return file;
}

test('under Node the probe processes get the requested heap limit, and the report says it held', async () => {
  const report = await runProbes({ ...quickProbe, memoryLimitMb: 128 });
  assert.equal(report.limits.memoryLimitMb, 128);
  assert.equal(report.limits.heapLimitHeld, true);
  assert.equal(report.limits.observedHeapLimitMb, nodeHeapLimitMb(['--max-old-space-size=128']));
});

test('the observed limit follows the requested one', async () => {
  const [small, large] = await Promise.all([runProbes({ ...quickProbe, memoryLimitMb: 128 }), runProbes({ ...quickProbe, memoryLimitMb: 384 })]);
  assert.equal(large.limits.observedHeapLimitMb! - small.limits.observedHeapLimitMb!, 384 - 128);
  assert.equal(large.limits.heapLimitHeld, true);
});

test('a probe process that runs without the flag is reported as not held, with the limit it had', async () => {
  const report = await runProbes({ ...quickProbe, memoryLimitMb: 128, childScript: flagIgnoringChildScript() });
  assert.equal(report.results[0]?.outcome, 'wrong-value', 'the probe itself still ran');
  assert.equal(report.limits.heapLimitHeld, false);
  assert.equal(report.limits.observedHeapLimitMb, nodeHeapLimitMb([]));
  assert.match(probeFooter(report), /heap limit 128 MB NOT HELD: the probe processes had \d+ MB/);
});

test('the CLI footer states the observed limit when it held', async () => {
  const report = await runProbes({ ...quickProbe, memoryLimitMb: 128 });
  assert.match(probeFooter(report), new RegExp(`heap limit 128 MB \\(held: V8 reports ${report.limits.observedHeapLimitMb} MB`));
});

test('Node’s default heap limit is far from a requested one; the limit a flag sets is not', () => {
  assert.equal(heapLimitHeld(256, nodeHeapLimitMb([])), false);
  assert.equal(heapLimitHeld(256, nodeHeapLimitMb(['--max-old-space-size=256'])), true);
  assert.equal(heapLimitHeld(2048, nodeHeapLimitMb(['--max-old-space-size=2048'])), true);
  assert.equal(heapLimitHeld(256, nodeHeapLimitMb(['--max-old-space-size=128'])), false, 'a smaller limit than asked did not hold either');
});
