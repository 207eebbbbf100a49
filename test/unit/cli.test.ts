import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ComparisonReport } from '../../src/shared/results';
import { renderReport } from '../../src/report/export';
import { cliScript, FAST_ARGS, fixture } from '../support/paths';

function cli(...args: string[]) {
  const run = spawnSync(process.execPath, [cliScript, ...args], { encoding: 'utf8', timeout: 120_000 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

const tempFile = (name: string, content: string | Uint8Array) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-cli-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
};

test('a JSON syntax error exits 2 and names file:line:column', () => {
  const file = tempFile('broken.json', '{\n  "a": [1, 2],\n  "b": tru\n}\n');
  const { code, stderr, stdout } = cli('compare', file, ...FAST_ARGS);
  assert.equal(code, 2);
  assert.match(stderr, new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3:8: JSON syntax error`));
  assert.equal(stdout, '');
});

test('a missing file exits 2 with a clear message', () => {
  const { code, stderr } = cli('compare', '/nonexistent/sample.json');
  assert.equal(code, 2);
  assert.match(stderr, /\/nonexistent\/sample\.json: no such file/);
});

test('--warmup takes a whole number of 0 or more, or exits 2 saying so', () => {
  for (const given of ['-1', '2.5', 'soon']) {
    const { code, stderr } = cli('compare', fixture('mixed-sample.json'), `--warmup=${given}`);
    assert.equal(code, 2, given);
    assert.match(stderr, new RegExp(`--warmup takes a whole number of 0 or more, got '${given}'`));
  }
});

test('an unknown codec exits 2 and lists the known ones', () => {
  const { code, stderr } = cli('compare', fixture('mixed-sample.json'), '--codecs', 'json,avro');
  assert.equal(code, 2);
  assert.match(stderr, /unknown codec: avro \(known: json, avsc, protobufjs, msgpackr, cbor-x, bson, v8, pbf, bufbuild, google-protobuf, avro-js, /);
});

test('--json prints one document with the contract fields and only the chosen codecs', () => {
  const file = fixture('mixed-sample.json');
  const { code, stdout } = cli('compare', file, '--json', '--codecs', 'msgpackr,json', ...FAST_ARGS);
  assert.equal(code, 0);
  const report = JSON.parse(stdout) as ComparisonReport;
  assert.equal(stdout, renderReport(report, 'json'), 'Export → JSON of the same report is the same document, byte for byte');
  assert.equal(report.tool.name, 'payload-lab');
  assert.match(report.tool.version, /^\d+\.\d+\.\d+/);
  assert.equal(report.runtime.node, process.versions.node);
  assert.equal(report.runtime.platform, `${process.platform}-${process.arch}`);
  assert.equal(report.input.path, file);
  assert.equal(report.input.jsonBytes, Buffer.byteLength(JSON.stringify(JSON.parse(fs.readFileSync(file, 'utf8')))));
  assert.deepEqual(
    report.results.map((r) => r.codec),
    ['json', 'msgpackr'],
  );
  const row = report.results[1]!;
  assert.equal(row.status, 'completed');
  if (row.status !== 'completed') return;
  assert.deepEqual(
    Object.keys(row.encode).sort(),
    [
      'meanNs',
      'meanInterval',
      'gcShare',
      'bytesAllocatedPerCall',
      'allocationLowerBound',
      'bimodal',
      'batchSize',
      'maxNs',
      'mbPerSec',
      'medianNs',
      'minNs',
      'p75Ns',
      'p99Ns',
      'rme',
      'samples',
    ].sort(),
  );
  assert.deepEqual(Object.keys(row.speedupVsJson ?? {}).sort(), ['decode', 'decodeInterval', 'encode', 'encodeInterval']);
  assert.equal(row.rounds?.length, 1);
  assert.equal(report.settings.rounds, 1);
  assert.equal(report.settings.warmupMs, 5, '--warmup, as given');
  assert.equal(row.library, 'msgpackr');
  assert.match(row.libraryVersion, /^\d+\.\d+\.\d+$/);
  assert.equal(row.schema, 'none');
  assert.equal(row.roundTrip.status, 'exact');
  assert.ok(!('error' in row), 'completed rows carry no error');
  assert.ok(row.speedupVsJson && row.speedupVsJson.encode > 0);
});

test('the table lists each row with its ratio and round-trip status', () => {
  const { code, stdout } = cli('compare', fixture('mixed-sample.json'), '--codecs', 'json,cbor-x', ...FAST_ARGS);
  assert.equal(code, 0);
  const lines = stdout.split('\n');
  const row = lines.find((line) => line.startsWith('cbor-x'));
  assert.ok(row, stdout);
  assert.match(row, /CBOR\s+[\d,]+ B\s+0\.\d{3}\s.*exact\s+0$/);
  assert.ok(lines.some((line) => line.startsWith('json ') && / 1\.000 /.test(line)));
  assert.match(stdout, /; 20 ms per codec and round, ≥ 3 samples per operation, each warmed 5 ms\./);
});

test('with no file, compare uses the bundled sample', () => {
  const { code, stdout } = cli('compare', '--json', '--codecs', 'json', ...FAST_ARGS);
  assert.equal(code, 0);
  const report = JSON.parse(stdout) as ComparisonReport;
  assert.match(report.input.path, /schemas[\\/]tuples\.json$/);
  assert.ok(report.input.jsonBytes >= 1_000_000);
});
