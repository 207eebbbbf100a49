/**
 * The one report of a run in both runtimes (engine/runtime-reports.ts), which the CLI and the
 * extension both build: rows in runtime order, the byte check in the report, a difference a
 * finding on the browser row, and a run in one runtime left as it was.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reportOfRuntimes } from '../../src/engine/runtime-reports';
import { compareSample } from '../../src/engine/compare';
import type { CodecResult, ComparisonReport } from '../../src/shared/results';
import { FAST, fixture } from '../support/paths';

const measured = compareSample({ path: fixture('mixed-sample.json') }, { ...FAST, codecs: ['json', 'msgpackr', 'cbor-x'] });

/** The same rows as if a browser had measured them, `change` applied to each. */
const inBrowser = (report: ComparisonReport, change: (row: CodecResult) => CodecResult = (row) => row): ComparisonReport => ({
  ...report,
  results: report.results.map((row) => change({ ...row, runtime: 'browser' })),
});

test('both runtimes: Node rows then browser rows, the byte check in the report, the browser named', async () => {
  const node = await measured;
  const report = reportOfRuntimes({ node, browser: inBrowser(node) }, 'HeadlessChrome 156');
  assert.deepEqual(
    report.results.map((row) => `${row.runtime} ${row.codec}`),
    ['node json', 'node msgpackr', 'node cbor-x', 'browser json', 'browser msgpackr', 'browser cbor-x'],
  );
  assert.deepEqual(report.crossRuntime, { compared: ['json', 'msgpackr', 'cbor-x'], differences: [] });
  assert.equal(report.runtime.browser, 'HeadlessChrome 156');
});

test('bytes that differ are a finding on the browser row, and in the check', async () => {
  const node = await measured;
  const browser = inBrowser(node, (row) => (row.codec === 'cbor-x' && row.status === 'completed' ? { ...row, bytes: row.bytes + 1 } : row));
  const report = reportOfRuntimes({ node, browser });
  assert.equal(report.crossRuntime?.differences.length, 1);
  assert.match(report.crossRuntime!.differences[0]!, /^cbor-x: the browser encoded \d+ bytes, Node \d+/);
  const row = report.results.find((candidate) => candidate.runtime === 'browser' && candidate.codec === 'cbor-x')!;
  assert.ok(row.notes.some((note) => note.startsWith('FINDING: the browser encoded')));
  assert.ok(
    report.results.filter((candidate) => candidate.codec !== 'cbor-x').every((candidate) => !candidate.notes.some((note) => note.startsWith('FINDING'))),
  );
});

test('one runtime: its report as measured, no byte check', async () => {
  const node = await measured;
  assert.deepEqual(reportOfRuntimes({ node }), node);
  const browserOnly = reportOfRuntimes({ browser: inBrowser(node) }, 'HeadlessChrome 156');
  assert.equal(browserOnly.crossRuntime, undefined);
  assert.equal(browserOnly.runtime.browser, 'HeadlessChrome 156');
});
