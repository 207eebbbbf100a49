/**
 * The libraries of the published benchmarks and the option variants as rows, each in its own
 * worker (real libraries): remnants per codec, and whether the format's reference decoder
 * reads what each row wrote.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { compareSample } from '../../src/engine/compare';
import { builtinCodecs, DEFAULT_CODEC_IDS, expandCodecSelection } from '../../src/codecs/registry';
import { toCsv, toMarkdown } from '../../src/report/export';
import type { CodecResult, CompletedResult } from '../../src/shared/results';
import { bundledSlice, cliScript, FAST } from '../support/paths';
import { missingTools } from '../support/codegen-tools';
import { PROTOC, PROTOC_GEN_JS } from '../../src/codegen/protobuf-tools';
import * as os from 'node:os';
import * as path from 'node:path';

const NEW_CODECS = ['pbf', 'bufbuild', 'google-protobuf', 'avro-js', 'bser', 'js-binary', 'msgpack', 'cborg'];
const VARIANTS = ['msgpackr-records', 'cbor-x-records', 'protobufjs-fromobject', 'avsc-forvalue'];

const codegen = { cacheDir: fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-published-')) };
// The bundled dataset's first records: what a row does with it does not need the whole megabyte.
const tuplesSlice = bundledSlice('tuples.json', 2_000);
const run = compareSample(
  { path: tuplesSlice, bytes: fs.readFileSync(tuplesSlice) },
  { ...FAST, codegen, codecs: ['protobufjs', 'msgpackr', 'cbor-x', ...NEW_CODECS, ...VARIANTS] },
);

function completed(results: CodecResult[], codec: string): CompletedResult {
  const row = results.find((r) => r.codec === codec);
  assert.ok(row, `no row for ${codec}`);
  assert.equal(row.status, 'completed', `${codec}: ${row.status !== 'completed' ? `${row.error.stage}: ${row.error.message}` : ''}`);
  return row as CompletedResult;
}
const kinds = (row: CompletedResult) => new Set(row.remnants.map((remnant) => remnant.kind));

test('the new codecs and the variants complete on the bundled dataset; google-protobuf too where its tools are installed, else it is skipped with what to install', async () => {
  const report = await run;
  for (const codec of [...NEW_CODECS, ...VARIANTS].filter((id) => id !== 'google-protobuf')) completed(report.results, codec);
  if (await missingTools([PROTOC, PROTOC_GEN_JS])) {
    const google = report.results.find((row) => row.codec === 'google-protobuf');
    assert.equal(google?.status, 'skipped');
    assert.match(google.status === 'skipped' ? google.error.message : '', /protoc.* was not found .*payloadLab\.tools\./);
  } else {
    completed(report.results, 'google-protobuf');
  }
});

test('remnants as measured: pbf, bser, js-binary and the reference decoders none; @bufbuild $typeName; avro-js its record prototypes', async () => {
  const report = await run;
  for (const codec of ['pbf', 'bser', 'js-binary', 'msgpack', 'cborg', 'msgpackr-records', 'cbor-x-records']) {
    const row = completed(report.results, codec);
    assert.equal(row.roundTrip.status, 'exact', codec);
    assert.deepEqual(row.remnants, [], codec);
  }
  const bufbuild = completed(report.results, 'bufbuild');
  assert.ok(bufbuild.remnants.some((remnant) => remnant.kind === 'extra-key' && remnant.path.endsWith('$typeName')));
  const avroJs = completed(report.results, 'avro-js');
  assert.ok(
    avroJs.remnants.some((remnant) => remnant.kind === 'prototype' && /avro-js record/.test(remnant.detail)),
    JSON.stringify(avroJs.remnants[0]),
  );
  assert.deepEqual(kinds(completed(report.results, 'protobufjs-fromobject')), kinds(completed(report.results, 'protobufjs')));
});

test('avsc (forValue) rounds doubles to float32: a smaller, lossy row', async () => {
  const report = await run;
  const row = completed(report.results, 'avsc-forvalue');
  assert.equal(row.roundTrip.status, 'lossy');
  assert.ok(kinds(row).has('precision'));
  assert.ok(row.ratio !== null && row.ratio < 0.2, `ratio ${row.ratio}`);
});

test('readable by the reference decoder: yes for plain MessagePack, CBOR and Protobuf rows, no for records', async () => {
  const report = await run;
  const interop = (codec: string) => completed(report.results, codec).interop;
  for (const [codec, decoder] of [
    ['msgpackr', '@msgpack/msgpack'],
    ['msgpack', '@msgpack/msgpack'],
    ['cbor-x', 'cborg'],
    ['cborg', 'cborg'],
    ['protobufjs', '@bufbuild/protobuf'],
    ['protobufjs-fromobject', '@bufbuild/protobuf'],
    ['pbf', '@bufbuild/protobuf'],
    ['bufbuild', 'protobufjs'],
  ]) {
    assert.deepEqual(interop(codec!), { decoder, readable: true }, codec);
  }
  for (const [codec, decoder] of [
    ['msgpackr-records', '@msgpack/msgpack'],
    ['cbor-x-records', 'cborg'],
  ]) {
    const result = interop(codec!);
    assert.equal(result?.decoder, decoder);
    assert.equal(result?.readable, false, codec);
    assert.ok(result?.why && result.why.length > 0);
  }
  // Formats without a second library here carry no check at all, rather than a guess.
  assert.equal(completed(report.results, 'bser').interop, undefined);
});

test('exports carry the interop result: a Markdown section and CSV columns', async () => {
  const report = await run;
  const markdown = toMarkdown(report);
  assert.match(markdown, /\*\*Readable by the reference decoder\*\*/);
  assert.match(markdown, /msgpackr \(records\): no \(@msgpack\/msgpack: /);
  const [header, ...lines] = toCsv(report).trim().split('\r\n');
  const columns = header!.split(',');
  const readable = columns.indexOf('interop_readable');
  assert.ok(readable > 0);
  const cborg = lines.find((line) => line.startsWith('cborg,'));
  assert.equal(cborg?.split(',')[readable], 'yes');
});

test('defaults stay the seven most-used; "all" expands to every codec', () => {
  assert.deepEqual([...DEFAULT_CODEC_IDS], ['json', 'avsc', 'protobufjs', 'msgpackr', 'cbor-x', 'bson', 'v8']);
  assert.deepEqual(
    expandCodecSelection(['all']),
    builtinCodecs.map((codec) => codec.id),
  );
  assert.deepEqual(expandCodecSelection(['v8', 'all']).length, builtinCodecs.length);
});

test('payload-lab codecs lists every codec with its format, library version and schema need', () => {
  const out = execFileSync(process.execPath, [cliScript, 'codecs'], { encoding: 'utf8' });
  for (const codec of builtinCodecs) {
    const line = out.split('\n').find((text) => text.startsWith(`${codec.id} `));
    assert.ok(line, `no line for ${codec.id}`);
    assert.ok(line.includes(codec.format), `${codec.id}: format`);
    assert.ok(line.includes(codec.needsSchema ? 'schema' : 'no schema'), `${codec.id}: schema need`);
  }
  assert.match(out, /pbf\s+Protocol Buffers \(pbf\)\s+Protocol Buffers\s+pbf \d+\.\d+\.\d+/);
  assert.match(out, /google-protobuf\s+Protocol Buffers \(google-protobuf\)\s+Protocol Buffers\s+google-protobuf 3\.21\.4 .*protoc [✓✗], protoc-gen-js [✓✗]/);
  assert.match(out, /^Code generators .*\n  protoc: /m);
});
