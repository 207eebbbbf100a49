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
import { rowNotesText } from '../../src/shared/row-facts-text';
import { crossRuntimeLines } from '../../src/shared/cross-runtime-text';

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
  const row = report.results.find((candidate) => candidate.runtime === 'browser' && candidate.codec === 'cbor-x')!;
  assert.equal(row.status, 'completed');
  const nodeRow = node.results.find((candidate) => candidate.codec === 'cbor-x')!;
  const nodeBytes = nodeRow.status === 'completed' ? nodeRow.bytes : -1;
  const fact = { codec: 'cbor-x', code: 'size', nodeBytes, browserBytes: nodeBytes + 1 };
  assert.deepEqual(report.crossRuntime?.differences, [fact]);
  assert.deepEqual(row.status === 'completed' && row.runtimeDifference, fact);
  assert.ok(
    report.results.filter((candidate) => candidate !== row).every((candidate) => candidate.status !== 'completed' || candidate.runtimeDifference === undefined),
  );
  // In words, once: the row's notes and the check's lines.
  assert.equal(
    rowNotesText(row).at(-1),
    `FINDING: the browser encoded ${nodeBytes + 1} bytes, Node ${nodeBytes}: the same library gives different output in the two runtimes`,
  );
  assert.deepEqual(crossRuntimeLines(report.crossRuntime!).differences, [
    `cbor-x: the browser encoded ${nodeBytes + 1} bytes, Node ${nodeBytes}: the same library gives different output in the two runtimes`,
  ]);
  // Same size, other bytes; and a saved report's sentence, as it is.
  const sameSize = reportOfRuntimes({
    node,
    browser: inBrowser(node, (r) => (r.codec === 'msgpackr' && r.status === 'completed' ? { ...r, sha256: 'f'.repeat(64) } : r)),
  });
  assert.match(crossRuntimeLines(sameSize.crossRuntime!).differences[0]!, /^msgpackr: same size \(\d+ bytes\) but different bytes in the browser and in Node$/);
  assert.deepEqual(crossRuntimeLines({ compared: ['avsc'], differences: ['avsc: an older sentence'] }).differences, ['avsc: an older sentence']);
});

test('one runtime: its report as measured, no byte check', async () => {
  const node = await measured;
  assert.deepEqual(reportOfRuntimes({ node }), node);
  const browserOnly = reportOfRuntimes({ browser: inBrowser(node) }, 'HeadlessChrome 156');
  assert.equal(browserOnly.crossRuntime, undefined);
  assert.equal(browserOnly.runtime.browser, 'HeadlessChrome 156');
});
