/**
 * The browser measuring worker in a real Chromium (the CLI's headless runner: the same frames,
 * policies and worker bundle as the panel's): every codec with a browser build completes with
 * the bytes Node encodes, v8 is skipped with its reason, and the policies do what they say.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { compareSample } from '../../src/engine/compare';
import { compareRuntimeBytes } from '../../src/engine/cross-runtime';
import { builtinCodecs } from '../../src/codecs/registry';
import { startHeadlessBrowser, type HeadlessBrowser } from '../../src/browser/headless-browser';
import type { CodecResult, ComparisonReport } from '../../src/shared/results';
import { bundledSlice, FAST, repoRoot, sampleFrom } from '../support/paths';

const browserDir = path.join(repoRoot, 'dist', 'browser');
/** Every codec the registry says runs in a browser: the six of the issue and those added since. */
const BROWSER_CODECS = builtinCodecs.filter((codec) => codec.browser === 'runs').map((codec) => codec.id);
/** Codecs with no browser build: skipped there, each with its reason. */
const NOT_IN_BROWSERS = builtinCodecs.filter((codec) => codec.browser !== 'runs').map((codec) => codec.id);
/**
 * Measured in Node beside the browser's codecs: those without a browser build that run no
 * generated code (v8, bser). The generated-code rows have their own Node tests; here they would
 * only add code generation and sandboxed processes to a run nothing compares them in.
 */
const NODE_ONLY = builtinCodecs.filter((codec) => codec.browser !== 'runs' && !(codec.tools?.length ?? 0)).map((codec) => codec.id);

/** Text-heavy records: long strings, non-ASCII, escapes (string decoding is where runtimes differ). */
function stringHeavySample(): { path: string; bytes: Uint8Array } {
  const words = ['naïve', 'façade', '日本語のテキスト', 'emoji 🚀✨', 'quote "inside"', 'line\nbreak', 'plain ascii words here'];
  const records = Array.from({ length: 400 }, (_, index) => ({
    id: `user-${index}`,
    name: `${words[index % words.length]} ${index}`,
    bio: Array.from({ length: 12 }, (_, k) => words[(index + k) % words.length]).join(' '),
    tags: [words[index % 3]!, words[(index + 1) % 5]!],
  }));
  return sampleFrom({ records }, 'strings.json');
}

interface RuntimePair {
  node: ComparisonReport;
  browser: ComparisonReport;
}

/** `full`: end-to-end decode, interop and strict runs too; otherwise a first look (bytes, round trip, remnants). */
async function inBothRuntimes(sample: { path: string; bytes: Uint8Array }, full: boolean): Promise<RuntimePair> {
  const codegen = { cacheDir: fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-browser-worker-')) };
  const options = { ...FAST, codecs: [...BROWSER_CODECS, ...NOT_IN_BROWSERS], checkCodeGeneration: full, quick: !full, codegen };
  const node = await compareSample(sample, { ...options, codecs: [...BROWSER_CODECS, ...NODE_ONLY] });
  // The page's load gets longer than a user's default: in a slow hour of a shared CI machine it
  // once took over 90 s, after this file's first dataset had taken 212 s (the whole file: 74 s alone).
  const browser: HeadlessBrowser = await startHeadlessBrowser({ sampleBytes: sample.bytes, browserDir, timeoutMs: 120_000, startTimeoutMs: 300_000 });
  try {
    return { node, browser: await compareSample(sample, { ...options, runtime: browser.runtime }) };
  } finally {
    await browser.close();
  }
}

const row = (report: ComparisonReport, codec: string): CodecResult => {
  const found = report.results.find((candidate) => candidate.codec === codec);
  assert.ok(found, `no ${codec} row`);
  return found;
};

let tuples: RuntimePair;
let strings: RuntimePair;

before(async () => {
  // The bundled dataset's first records (100 KB) as a first look (every codec's bytes, round trip
  // and remnants); end-to-end decode, interop and the strict runs (which double the codec runs) on
  // the string-heavy sample.
  const tuplesSlice = bundledSlice('tuples.json', 2_000);
  tuples = await inBothRuntimes({ path: tuplesSlice, bytes: fs.readFileSync(tuplesSlice) }, false);
  strings = await inBothRuntimes(stringHeavySample(), true);
});

for (const [name, pair] of [
  ['the bundled dataset', () => tuples],
  ['a string-heavy sample', () => strings],
] as const) {
  test(`every codec with a browser build completes in the browser on ${name}, with Node's bytes`, () => {
    const { node, browser } = pair();
    for (const codec of BROWSER_CODECS) {
      const measured = row(browser, codec);
      assert.equal(measured.status, 'completed', `${codec}: ${measured.status !== 'completed' ? measured.error.message : ''}`);
      assert.equal(measured.runtime, 'browser');
      assert.equal(row(node, codec).runtime, 'node');
    }
    const check = compareRuntimeBytes(node.results, browser.results);
    assert.deepEqual(check.compared.sort(), [...BROWSER_CODECS].sort());
    assert.deepEqual(check.differences, []);
  });

  test(`the browser verifies round trips and finds remnants like Node on ${name}`, () => {
    const { node, browser } = pair();
    for (const codec of BROWSER_CODECS) {
      const inNode = row(node, codec);
      const inBrowser = row(browser, codec);
      assert.ok(inNode.status === 'completed' && inBrowser.status === 'completed');
      assert.equal(inBrowser.roundTrip.status, inNode.roundTrip.status, codec);
      assert.deepEqual(
        inBrowser.remnants.map((remnant) => `${remnant.kind} ${remnant.path}`).sort(),
        inNode.remnants.map((remnant) => `${remnant.kind} ${remnant.path}`).sort(),
        codec,
      );
    }
  });
}

test('v8, bser and the generated-code rows are skipped in the browser with their reasons; v8 and bser measured in Node', () => {
  const generated = /runs code protoc generates from the schema at run time/;
  const compiled = /runs code its schema compiler generates from the schema at run time/;
  const reasons: Record<string, RegExp> = {
    v8: /node:v8 is Node's own API/,
    bser: /bser has no browser build: .*events, os, assert and util/,
    'google-protobuf': generated,
    'ts-proto': generated,
    'protobuf-ts': generated,
    flatbuffers: compiled,
    capnp: compiled,
    bebop: compiled,
  };
  assert.deepEqual(NOT_IN_BROWSERS.sort(), Object.keys(reasons).sort());
  for (const [codec, reason] of Object.entries(reasons)) {
    const skipped = row(tuples.browser, codec);
    assert.equal(skipped.status, 'skipped', codec);
    assert.match(skipped.status === 'skipped' ? skipped.error.message : '', reason);
  }
  assert.deepEqual(NODE_ONLY.sort(), ['bser', 'v8']);
  assert.equal(row(tuples.node, 'v8').status, 'completed');
  assert.equal(row(tuples.node, 'bser').status, 'completed');
});

test('end-to-end decode: gzip in the browser (DecompressionStream), gzip and brotli in Node, against each runtime own JSON', () => {
  const browserAvsc = row(strings.browser, 'avsc');
  const nodeAvsc = row(strings.node, 'avsc');
  assert.ok(browserAvsc.status === 'completed' && nodeAvsc.status === 'completed');
  assert.ok((browserAvsc.endToEnd?.timings.gzip?.meanNs ?? 0) > 0);
  assert.ok((browserAvsc.endToEnd?.timings.gzip?.speedupVsJson ?? 0) > 0);
  assert.match(browserAvsc.endToEnd?.unavailable.brotli ?? '', /DecompressionStream has no 'brotli'/);
  assert.ok(nodeAvsc.endToEnd?.timings.gzip && nodeAvsc.endToEnd.timings.brotli);
  const json = row(strings.browser, 'json');
  assert.equal(json.status === 'completed' ? json.endToEnd?.timings.gzip?.speedupVsJson : undefined, 1);
});

test('without code generation, avsc and protobufjs fail in both runtimes and JSON still works', () => {
  for (const report of [strings.node, strings.browser]) {
    for (const codec of ['avsc', 'protobufjs']) {
      const check = row(report, codec).codeGeneration;
      assert.equal(check?.status, 'fails', `${codec} in ${report.results[0]?.runtime}`);
    }
    assert.notEqual(row(report, 'json').codeGeneration?.status, 'fails');
  }
  const browserError = row(strings.browser, 'avsc').codeGeneration;
  assert.match(browserError?.status === 'fails' ? browserError.error.message : '', /unsafe-eval/);
  const nodeError = row(strings.node, 'protobufjs').codeGeneration;
  assert.match(nodeError?.status === 'fails' ? nodeError.error.message : '', /Code generation from strings disallowed/);
});

test("later rounds in the browser: each codec opened once for the round, timed in slices in turn with JSON's", async () => {
  const sample = sampleFrom({ items: Array.from({ length: 300 }, (_, index) => ({ id: index, name: `item ${index}`, tags: ['a', 'b'] })) });
  const browser = await startHeadlessBrowser({ sampleBytes: sample.bytes, browserDir, timeoutMs: 60_000, startTimeoutMs: 300_000 });
  const stages: string[] = [];
  try {
    const report = await compareSample(sample, {
      ...FAST,
      rounds: 3,
      fixedRounds: true,
      codecs: ['json', 'msgpackr', 'cbor-x'],
      runtime: browser.runtime,
      onStage: (codec, stage, progress) => {
        if (progress.round > 1) stages.push(`${progress.round} ${codec} ${stage}`);
      },
    });
    for (const result of report.results) {
      assert.equal(result.status, 'completed', result.codec);
      if (result.status !== 'completed') continue;
      assert.equal(result.roundFailures, undefined, `${result.codec}: ${JSON.stringify(result.roundFailures)}`);
      assert.deepEqual(
        result.rounds?.map((round) => round.round),
        [1, 2, 3],
        result.codec,
      );
      for (const round of result.rounds ?? [])
        assert.ok(round.speedupVsJson && round.speedupVsJson.encode > 0 && round.speedupVsJson.decode > 0, `${result.codec} round ${round.round}`);
    }
    // A session opens (prepare) and warms up (measure), then only slices: no job of a later
    // round reads the sample, encodes or decodes as a whole job's stages would.
    for (const round of [2, 3])
      for (const codec of ['json', 'msgpackr', 'cbor-x']) {
        const seen = stages.filter((line) => line.startsWith(`${round} ${codec} `)).map((line) => line.split(' ')[2]);
        assert.deepEqual([...new Set(seen)], ['prepare', 'measure'], `round ${round}, ${codec}: ${seen.join(', ')}`);
      }
  } finally {
    await browser.close();
  }
});

test('a sample above the browser cap is not sent: its rows say why', async () => {
  const sample = sampleFrom({ items: [1, 2, 3] });
  const browser = await startHeadlessBrowser({ sampleBytes: sample.bytes, browserDir, timeoutMs: 60_000, capBytes: 4 });
  const report = await compareSample(sample, { ...FAST, codecs: ['json', 'msgpackr'], runtime: browser.runtime });
  await browser.close();
  for (const result of report.results) {
    assert.equal(result.status, 'skipped');
    assert.match(result.status === 'skipped' ? result.error.message : '', /above the browser cap of 4 bytes/);
  }
});

test('without a Chromium, browser rows are skipped with what to install', async () => {
  const sample = sampleFrom({ items: [1, 2, 3] });
  const browser = await startHeadlessBrowser({ sampleBytes: sample.bytes, browserDir, timeoutMs: 60_000, chromium: '' });
  const report = await compareSample(sample, { ...FAST, codecs: ['json'], runtime: browser.runtime });
  await browser.close();
  const [result] = report.results;
  assert.equal(result?.status, 'skipped');
  assert.match(result?.status === 'skipped' ? result.error.message : '', /apt install chromium.*PAYLOAD_LAB_CHROMIUM/);
});

test('a runner page that does not load within the start timeout: the browser rows are skipped, saying how long it was given', async () => {
  const sample = sampleFrom({ items: [1, 2, 3] });
  const browser = await startHeadlessBrowser({ sampleBytes: sample.bytes, browserDir, timeoutMs: 60_000, startTimeoutMs: 1 });
  const report = await compareSample(sample, { ...FAST, codecs: ['json'], runtime: browser.runtime });
  await browser.close();
  const [result] = report.results;
  assert.equal(result?.status, 'skipped');
  assert.match(result?.status === 'skipped' ? result.error.message : '', /did not load the runner page within 0\.001 s/);
});
