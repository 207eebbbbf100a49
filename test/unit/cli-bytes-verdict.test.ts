/**
 * The CLI's byte attribution (`--bytes`, and `byteAttribution` on each `--json` row) and its
 * verdict (after the table, the pick following `--priority`), from the built CLI on a real run.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { BYTE_CATEGORIES, type CompletedResult, type ComparisonReport } from '../../src/shared/results';
import type { Verdict } from '../../src/report/verdict-data';
import type { VerdictText } from '../../src/report/verdict-words';
import * as path from 'node:path';
import { cliScript, FAST_ARGS, fixture, repoRoot } from '../support/paths';

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
    assert.equal(
      BYTE_CATEGORIES.reduce((sum, category) => sum + row.byteAttribution![category], 0),
      row.bytes,
      row.codec,
    );
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
  // One round, said once above the pick; the pick for gzip (the default transport).
  assert.match(lines[verdict + 1]!, /^ {2}Speed figures: the median of 1 round; from 1 round there is no interval/);
  assert.match(lines[verdict + 2]!, /^ {2}With gzip, for fidelity: /);
  assert.ok(
    lines.some((line) => /^ {2}- Smallest with gzip: [\w-]+, [\d,]+ B = 0\.\d+× JSON/.test(line)),
    stdout,
  );
  assert.equal(stdout.match(/from 1 round there is no interval/g)?.length, 1, 'the rounds caveat is said once');
  const raw = cli('compare', SAMPLE, '--transport', 'raw', '--codecs', 'json,avsc', ...FAST_ARGS);
  assert.equal(raw.code, 0, raw.stderr);
  assert.match(raw.stdout, /\n {2}Sent raw, for size: avsc 0\.\d+× JSON \(needs a schema\)\.\n {2}- Smallest sent raw: avsc, [\d,]+ B = 0\.\d+× JSON\n/);
});

test("--json carries the verdict as data on the bundled events: the pick with its sentence, the transport, each line's figures", () => {
  const events = path.join(repoRoot, 'schemas', 'events.json');
  const { code, stdout, stderr } = cli('compare', events, '--json', '--transport', 'brotli', '--codecs', 'json,avsc,msgpackr', ...FAST_ARGS, '--rounds', '2');
  assert.equal(code, 0, stderr);
  const document = JSON.parse(stdout) as ComparisonReport & { verdict: Verdict & { text: VerdictText } };
  const { verdict } = document;
  assert.equal(verdict.transport, 'brotli');
  assert.equal(verdict.priority, 'size');
  assert.equal(verdict.pick.code, 'chosen');
  // The figures are the rows' own: the smallest after brotli, over JSON's raw bytes.
  const rows = document.results.filter((row): row is CompletedResult => row.status === 'completed');
  const json = rows.find((row) => row.codec === 'json')!;
  const smallest = Math.min(...rows.map((row) => row.compressed.brotli));
  const line = verdict.lines.find((entry) => entry.id === 'smallest')!;
  assert.equal(line.code, 'smallest');
  if (line.code !== 'smallest') return;
  assert.deepEqual(
    line.figures.winners.map((entry) => entry.bytes),
    [smallest],
  );
  assert.equal(line.figures.winners[0]!.ratio, smallest / json.bytes);
  assert.equal(line.figures.json?.bytes, json.compressed.brotli);
  if (verdict.pick.code === 'chosen') assert.equal(verdict.pick.figures.alone?.bytes, json.compressed.brotli);
  // Speed end to end with brotli, from two rounds of compression times.
  const encode = verdict.lines.find((entry) => entry.id === 'fastest-encode')!;
  assert.equal(encode.code, 'fastest', JSON.stringify(encode));
  assert.match(verdict.text.pick, /^Brotli alone: 0\.\d+× JSON; /);
  assert.deepEqual(
    verdict.text.lines.map((entry) => entry.id),
    verdict.lines.map((entry) => entry.id),
  );
  assert.deepEqual(
    verdict.caveats.map((caveat) => caveat.code).filter((code) => code === 'rounds'),
    ['rounds'],
  );
});

test('an unknown --transport exits 2 and names the choices', () => {
  const { code, stderr } = cli('compare', SAMPLE, '--transport', 'lz4');
  assert.equal(code, 2);
  assert.match(stderr, /--transport takes one of raw, gzip, brotli, zstd, zstd-dictionary, got 'lz4'/);
});

test('an unknown --priority exits 2 and names the choices', () => {
  const { code, stderr } = cli('compare', SAMPLE, '--priority', 'cheap');
  assert.equal(code, 2);
  assert.match(stderr, /--priority takes one of size, speed, fidelity, no-schema, got 'cheap'/);
});
