/**
 * Rows name the library with the format where two libraries of one format are listed together
 * ("MessagePack (msgpackr)" beside "MessagePack (@msgpack/msgpack)"), and go by their id
 * otherwise: in the names themselves, and in the real CLI's table, verdict and Markdown export.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { builtinCodecs, DEFAULT_CODEC_IDS } from '../../src/codecs/registry';
import { codecNames } from '../../src/shared/codec-names';
import type { ComparisonReport } from '../../src/shared/results';
import { renderReport } from '../../src/report/export';
import { cliScript, FAST_ARGS, fixture } from '../support/paths';

const registered = (ids: readonly string[]) =>
  ids.map((id) => {
    const codec = builtinCodecs.find((candidate) => candidate.id === id)!;
    return { ...codec, codec: codec.id };
  });

test('the default codecs, one library per format, go by their ids', () => {
  const nameOf = codecNames(registered(DEFAULT_CODEC_IDS));
  assert.deepEqual(DEFAULT_CODEC_IDS.map(nameOf), [...DEFAULT_CODEC_IDS]);
});

test('two libraries of one format are named with the format; a second row of the same library keeps its id', () => {
  const nameOf = codecNames(registered(['json', 'msgpackr', 'msgpack', 'msgpackr-records', 'avsc', 'avsc-forvalue', 'cbor-x', 'cborg']));
  assert.equal(nameOf('msgpackr'), 'MessagePack (msgpackr)');
  assert.equal(nameOf('msgpack'), 'MessagePack (@msgpack/msgpack)');
  assert.equal(nameOf('cbor-x'), 'CBOR (cbor-x)');
  assert.equal(nameOf('cborg'), 'CBOR (cborg)');
  // avsc and its forValue variant are one library: no confusion to resolve.
  assert.equal(nameOf('avsc'), 'avsc');
  assert.equal(nameOf('avsc-forvalue'), 'avsc-forvalue');
  assert.equal(nameOf('json'), 'json');
  assert.equal(nameOf('a-module.cjs'), 'a-module.cjs', 'a codec not among them is its own name');
});

test('the CLI table, the verdict and the Markdown export name msgpack and msgpackr by library and format', () => {
  const args = ['compare', fixture('mixed-sample.json'), '--codecs', 'json,msgpack,msgpackr', ...FAST_ARGS];
  const run = spawnSync(process.execPath, [cliScript, ...args], { encoding: 'utf8', timeout: 120_000 });
  assert.equal(run.status, 0, run.stderr);
  const rows = run.stdout.split('\n').filter((line) => /^(json|MessagePack) /.test(line));
  assert.deepEqual(rows.map((line) => line.split(/\s{2,}/)[0]).sort(), ['MessagePack (@msgpack/msgpack)', 'MessagePack (msgpackr)', 'json']);
  // The columns after the name line up with the header's.
  const header = run.stdout.split('\n').find((line) => line.startsWith('codec '))!;
  for (const row of rows)
    assert.equal(row.indexOf('MessagePack') === 0 ? row.search(/ MessagePack | JSON /) : row.search(/ JSON /), header.indexOf(' format'), row);
  assert.doesNotMatch(run.stdout, /^\s*msgpack\s/m, 'no row or section line goes by the bare id');

  const json = spawnSync(process.execPath, [cliScript, ...args, '--json'], { encoding: 'utf8', timeout: 120_000 });
  const report = JSON.parse(json.stdout) as ComparisonReport;
  assert.deepEqual(report.results.map((row) => row.codec).sort(), ['json', 'msgpack', 'msgpackr'], 'reports keep the ids');
  const markdown = renderReport(report, 'markdown');
  assert.match(markdown, /^\| MessagePack \(msgpackr\) \| MessagePack \|/m);
  assert.match(markdown, /^\| MessagePack \(@msgpack\/msgpack\) \| MessagePack \|/m);
});
