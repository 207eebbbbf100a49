/**
 * The CLI's byte attribution (`--bytes`, and `byteAttribution` on each `--json` row) and its
 * verdict (after the table, the pick following `--priority`), from the built CLI on a real run.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { BYTE_CATEGORIES, type ComparisonReport } from '../../src/shared/results';
import { cliScript, fixture } from '../support/paths';

const FAST_ARGS = ['--time-budget', '20', '--min-samples', '3', '--rounds', '1'];
const SAMPLE = fixture('mixed-sample.json');

function cli(...args: string[]) {
  const run = spawnSync(process.execPath, [cliScript, ...args], { encoding: 'utf8', timeout: 120_000 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

test('--json carries byteAttribution on each attributed row, adding up to its bytes; v8 has none', () => {
  const { code, stdout, stderr } = cli('compare', SAMPLE, '--json', '--codecs', 'json,avsc,msgpackr,v8', ...FAST_ARGS);
  assert.equal(code, 0, stderr);
  const report = JSON.parse(stdout) as ComparisonReport;
  for (const row of report.results) {
    assert.equal(row.status, 'completed', row.codec);
    if (row.status !== 'completed') continue;
    assert.deepEqual(row.compressionTiming?.levels, { gzip: 6, brotli: 5, zstd: 3 }, row.codec);
    assert.ok(row.compressionTiming!.zstd!.decompressNs > 0 && row.compressionTiming!.brotli.compressNs > 0, row.codec);
    if (row.codec === 'v8') {
      assert.equal(row.byteAttribution, undefined);
      continue;
    }
    assert.deepEqual(Object.keys(row.byteAttribution ?? {}).sort(), [...BYTE_CATEGORIES].sort(), row.codec);
    assert.equal(BYTE_CATEGORIES.reduce((sum, category) => sum + row.byteAttribution![category], 0), row.bytes, row.codec);
  }
});

test('--bytes prints each codec’s breakdown; the verdict follows the table, its pick by --priority', () => {
  const { code, stdout, stderr } = cli('compare', SAMPLE, '--bytes', '--priority', 'fidelity', '--codecs', 'json,avsc,msgpackr,v8', ...FAST_ARGS);
  assert.equal(code, 0, stderr);
  const lines = stdout.split('\n');
  const heading = lines.findIndex((line) => line.startsWith('where the bytes go'));
  assert.ok(heading > 0, stdout);
  assert.match(lines[heading + 1]!, /^ {2}json\s+[\d,]+ B {2}.*keys & tags [\d,]+ B \(\d+(\.\d)?%\)/);
  assert.match(stdout, /\n {2}v8\s+[\d,]+ B {2}not broken down/);
  assert.match(stdout, /\n {2}avsc\s+gzip 6: [\d.]+ [nµm]?s \/ [\d.]+ [nµm]?s {2}│ brotli 5: .* │ zstd 3: /);
  const verdict = lines.indexOf('verdict:');
  assert.ok(verdict > heading, 'the verdict comes last');
  assert.match(lines[verdict + 1]!, /^ {2}For fidelity: /);
  assert.ok(lines.some((line) => /^ {2}- Smallest: avsc, [\d,]+ B = 0\.\d+× JSON$/.test(line)), stdout);
});

test('an unknown --priority exits 2 and names the choices', () => {
  const { code, stderr } = cli('compare', SAMPLE, '--priority', 'cheap');
  assert.equal(code, 2);
  assert.match(stderr, /--priority takes one of size, speed, fidelity, no-schema, got 'cheap'/);
});
