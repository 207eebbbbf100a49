/** `compare --runtimes`: the CLI measures in Node and in a headless Chromium, rows carrying their runtime. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import type { ComparisonReport } from '../../src/shared/results';
import { toMarkdown } from '../../src/report/export';
import { cliScript, FAST_ARGS, fixture } from '../support/paths';

function cli(args: string[], env: NodeJS.ProcessEnv = process.env) {
  const run = spawnSync(process.execPath, [cliScript, ...args], { encoding: 'utf8', timeout: 180_000, env });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

test('--runtimes node,browser gives each codec once per runtime, with the same bytes', () => {
  const { code, stdout, stderr } = cli([
    'compare',
    fixture('mixed-sample.json'),
    '--json',
    '--codecs',
    'json,msgpackr,v8',
    '--runtimes',
    'node,browser',
    ...FAST_ARGS,
  ]);
  assert.equal(code, 0, stderr);
  const report = JSON.parse(stdout) as ComparisonReport;
  const rows = report.results.map((row) => `${row.runtime} ${row.codec} ${row.status}`);
  assert.deepEqual(rows, [
    'node json completed',
    'node msgpackr completed',
    'node v8 completed',
    'browser json completed',
    'browser msgpackr completed',
    'browser v8 skipped',
  ]);
  const bytesOf = (runtime: string, codec: string) => report.results.find((row) => row.runtime === runtime && row.codec === codec);
  const [node, browser] = [bytesOf('node', 'msgpackr'), bytesOf('browser', 'msgpackr')];
  assert.ok(node?.status === 'completed' && browser?.status === 'completed');
  assert.equal(browser.sha256, node.sha256);
  assert.deepEqual(browser.compressed, node.compressed);
  assert.match(report.runtime.browser ?? '', /Chrome/);
  // The check is part of the report (the panel's Export carries it too): v8 ran in Node only.
  assert.deepEqual(report.crossRuntime, { compared: ['json', 'msgpackr'], differences: [] });
  assert.match(toMarkdown(report), /\*\*Node and the browser\*\*: bytes identical in Node and the browser: json, msgpackr/);
});

test('the table shows a section per runtime and says the bytes are identical', () => {
  const { code, stdout, stderr } = cli(['compare', fixture('mixed-sample.json'), '--codecs', 'json,cbor-x', '--runtimes', 'node,browser', ...FAST_ARGS]);
  assert.equal(code, 0, stderr);
  assert.match(stdout, /^Node: Node .* worker threads$/m);
  assert.match(stdout, /^Browser: .*HeadlessChrome/m);
  assert.match(stdout, /bytes identical in Node and the browser: json, cbor-x/);
  assert.match(stdout, /end-to-end decode, compressed bytes → decoded value/);
});

test('without a Chromium, browser rows are skipped and say what to install', () => {
  const { code, stdout, stderr } = cli(['compare', fixture('mixed-sample.json'), '--json', '--codecs', 'json', '--runtimes', 'browser', ...FAST_ARGS], {
    ...process.env,
    PAYLOAD_LAB_CHROMIUM: '/nonexistent/chromium',
  });
  assert.equal(code, 0, stderr);
  const [row] = (JSON.parse(stdout) as ComparisonReport).results;
  assert.equal(row?.runtime, 'browser');
  assert.equal(row?.status, 'skipped');
  assert.match(row?.status === 'skipped' ? row.error.message : '', /apt install chromium/);
});

test('an unknown runtime exits 2 and lists the known ones', () => {
  const { code, stderr } = cli(['compare', fixture('mixed-sample.json'), '--runtimes', 'node,deno']);
  assert.equal(code, 2);
  assert.match(stderr, /unknown runtime: deno \(known: node, browser\)/);
});

test('--strict-csp adds the code-generation verdict to each row', () => {
  const { code, stdout, stderr } = cli(['compare', fixture('mixed-sample.json'), '--json', '--codecs', 'json,avsc', '--strict-csp', ...FAST_ARGS]);
  assert.equal(code, 0, stderr);
  const report = JSON.parse(stdout) as ComparisonReport;
  const avsc = report.results.find((row) => row.codec === 'avsc');
  assert.equal(avsc?.codeGeneration?.status, 'fails');
  assert.notEqual(report.results.find((row) => row.codec === 'json')?.codeGeneration?.status, 'fails');
});
