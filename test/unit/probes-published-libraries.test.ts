/**
 * Every probe against the libraries of the published benchmarks and the option variants: each
 * input runs in a probe process of its own, so whatever a library does with it (a crash, an
 * endless loop, an allocation past the heap) is a cell of the report, never the end of the run.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { runProbes } from '../../src/probes/run-probes';
import { ALL_PROBE_IDS } from '../../src/probes/probe-units';
import { repoRoot } from '../support/paths';

const codecs = [
  'pbf',
  'bufbuild',
  'google-protobuf',
  'avro-js',
  'bser',
  'js-binary',
  'msgpack',
  'cborg',
  'msgpackr-records',
  'cbor-x-records',
  'protobufjs-fromobject',
  'avsc-forvalue',
];
const childScript = path.join(repoRoot, 'dist', 'probe-process.js');

test('every probe runs against every new codec and variant, and the run comes back whole', async () => {
  const hostPid = process.pid;
  const report = await runProbes({ childScript, timeoutMs: 8_000, memoryLimitMb: 128, codecs });
  assert.equal(process.pid, hostPid);
  assert.deepEqual(
    report.codecs.map((codec) => codec.codec),
    codecs,
  );
  for (const codec of codecs) {
    const probes = report.results.filter((result) => result.codec === codec).map((result) => result.probe);
    assert.deepEqual([...probes].sort(), [...ALL_PROBE_IDS].sort(), `${codec}: one result per probe`);
  }
  // google-protobuf cannot run here: every probe says it is unsupported rather than failing.
  const google = report.results.filter((result) => result.codec === 'google-protobuf' && result.outcome !== 'not-applicable');
  assert.ok(google.length > 0 && google.every((result) => result.outcome === 'unsupported'), JSON.stringify(google[0]));
});
