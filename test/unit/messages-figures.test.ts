/**
 * The pure figures of message mode: framing per format (a varint length prefix counted per
 * message size, fixed headers), the size distribution, the link rate (the lowest of link, encode
 * and decode, named), and the verdict per message on rows whose figures differ from a document's.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { framingsFor, varintBytes } from '../../src/measurement/messages/framing';
import { sizeDistribution } from '../../src/measurement/messages/size-distribution';
import { linkFigures } from '../../src/measurement/messages/link';
import { computeMessageVerdict } from '../../src/report/message-verdict';
import { computeVerdict } from '../../src/report/verdict';
import { verdictText } from '../../src/report/verdict-words';
import type { Verdict } from '../../src/report/verdict-data';
import type { CompletedResult, ComparisonReport, TimingStats } from '../../src/shared/results';
import type { MessageFigures } from '../../src/shared/messages';
import { withMessageFigures } from '../../src/engine/messages/compare-messages';

test('a varint takes one byte per 7 bits of the length', () => {
  assert.deepEqual([0, 127, 128, 16_383, 16_384, 2_097_152].map(varintBytes), [1, 1, 2, 2, 3, 4]);
});

test("framing: each format its own terms; the length prefix is counted from every message's size", () => {
  const sizes = [100, 127, 128, 300];
  const avro = framingsFor('Avro', sizes);
  assert.deepEqual(
    avro.map((framing) => [framing.id, framing.total]),
    [
      ['avro-single-object', 40],
      ['schema-registry', 20],
      ['length-prefix', 1 + 1 + 2 + 2],
    ],
  );
  assert.equal(avro.find((framing) => framing.id === 'length-prefix')!.bytesPerMessage, 1.5);
  assert.deepEqual(
    framingsFor('Protocol Buffers', sizes).map((framing) => [framing.id, framing.bytesPerMessage]),
    [
      ['length-prefix', 1.5],
      ['schema-registry', 6],
    ],
  );
  assert.deepEqual(
    framingsFor('MessagePack', sizes).map((framing) => framing.id),
    ['self-delimiting', 'length-prefix'],
  );
  assert.deepEqual(
    framingsFor('JSON', sizes).map((framing) => framing.id),
    ['newline', 'length-prefix', 'schema-registry'],
  );
  assert.deepEqual(
    framingsFor('V8 structured clone', sizes).map((framing) => framing.id),
    ['length-prefix'],
  );
});

test('the size distribution: percentiles of the sizes, their total, a histogram holding every message', () => {
  const sizes = Array.from({ length: 1000 }, (_, index) => 200 + (index % 100));
  const distribution = sizeDistribution(sizes);
  assert.equal(
    distribution.total,
    sizes.reduce((sum, size) => sum + size, 0),
  );
  assert.equal(distribution.min, 200);
  assert.equal(distribution.max, 299);
  assert.equal(distribution.p50, 249);
  assert.equal(distribution.p99, 298);
  assert.equal(distribution.mean, 249.5);
  assert.equal(
    distribution.histogram.counts.reduce((sum, count) => sum + count, 0),
    1000,
  );
  assert.equal(distribution.histogram.start, 200);
});

const timing = (meanNs: number): TimingStats => ({
  meanNs,
  meanInterval: [meanNs, meanNs],
  gcShare: 0.1,
  bytesAllocatedPerCall: 500,
  bimodal: false,
  medianNs: meanNs,
  p75Ns: meanNs,
  p99Ns: meanNs,
  minNs: meanNs,
  maxNs: meanNs,
  rme: 0.01,
  samples: 10,
  batchSize: 10,
  mbPerSec: 1,
});

function messageRow(
  codec: string,
  format: string,
  figures: { bytes: number; zstd: number; dictionary: number; encodeNs: number; decodeNs: number },
): CompletedResult {
  const messages: MessageFigures = {
    count: 1000,
    sizes: { ...sizeDistribution([figures.bytes]), count: 1000, total: figures.bytes * 1000 },
    framing: framingsFor(format, [figures.bytes]),
    compression: {
      measured: { from: 800, messages: 200 },
      heldOut: 200,
      levels: { gzip: 6, brotli: 5, zstd: 3 },
      zstdLibrary: 'zstd',
      raw: figures.bytes,
      alone: { gzip: figures.zstd + 5, brotli: figures.zstd - 5, zstd: figures.zstd },
      zstdTimes: { compressNs: 2_000, decompressNs: 1_000 },
    },
    dictionary: {
      status: 'measured',
      settings: { trainShare: 0.8, sizeBytes: 16_384 },
      trainedOn: { from: 0, messages: 800 },
      measuredOn: { from: 800, messages: 200 },
      bytes: 16_384,
      level: 3,
      trainer: 'zstd --train',
      compressor: 'zstd',
      raw: figures.bytes,
      zstdAlone: figures.zstd,
      withDictionary: {
        count: 200,
        total: figures.dictionary * 200,
        mean: figures.dictionary,
        min: figures.dictionary,
        p50: figures.dictionary,
        p90: figures.dictionary,
        p99: figures.dictionary,
        max: figures.dictionary,
      },
      times: { compressNs: 4_000, decompressNs: 2_000 },
    },
    batches: { measured: { from: 800, messages: 200 }, layout: 'varint', sizes: [], notMeasured: [] },
  };
  return {
    codec,
    label: codec,
    format,
    library: codec,
    libraryVersion: '1',
    schema: codec === 'json' ? 'none' : 'inferred',
    notes: [],
    status: 'completed',
    bytes: figures.bytes,
    ratio: figures.bytes / 450,
    compressed: messages.compression.alone,
    encode: timing(figures.encodeNs),
    decode: timing(figures.decodeNs),
    speedupVsJson: {
      encode: 10_000 / figures.encodeNs,
      decode: 10_000 / figures.decodeNs,
      encodeInterval: [10_000 / figures.encodeNs, 10_000 / figures.encodeNs],
      decodeInterval: [10_000 / figures.decodeNs, 10_000 / figures.decodeNs],
    },
    roundTrip: { status: 'exact', differences: [] },
    remnants: [],
    messages,
  };
}

test('link: the lowest of the link, one core encoding and one decoding, and which one it is', () => {
  const row = messageRow('avsc', 'Avro', { bytes: 250, zstd: 200, dictionary: 90, encodeNs: 5_000, decodeNs: 8_000 });
  const { figures, notMeasured } = linkFigures({ ...row, messages: row.messages! }, [10e6, 1e9]);
  assert.deepEqual(notMeasured, []);
  const at = (bits: number, wire: string) => figures.find((figure) => figure.bitsPerSecond === bits && figure.wire === wire)!;
  // 10 Mbit/s carries 1.25 MB/s: 250 B + a 2-byte prefix → 4,960 messages/s, under both cores' rates.
  assert.equal(at(10e6, 'plain').bytesPerMessage, 252);
  assert.equal(at(10e6, 'plain').perSecond, Math.round(1.25e6 / 252));
  assert.equal(at(10e6, 'plain').limitedBy, 'link');
  // 1 Gbit/s: decoding at 8 µs a message (125,000/s) is slower than the link (496,032/s) and encoding (200,000/s).
  assert.equal(at(1e9, 'plain').limitedBy, 'decode');
  assert.equal(at(1e9, 'plain').perSecond, 125_000);
  // With the dictionary each side also (de)compresses: encode 5 + 4 µs, decode 8 + 2 µs.
  assert.equal(at(1e9, 'zstd-dictionary').encodePerSecond, Math.round(1e9 / 9_000));
  assert.equal(at(1e9, 'zstd-dictionary').decodePerSecond, 100_000);
  assert.equal(at(1e9, 'zstd-dictionary').bytesPerMessage, 91);
});

test("the verdict per message picks on bytes as the stream sends them, where one document's verdict picks the smallest raw bytes", () => {
  // A schema-less format whose messages a dictionary shrinks most (its keys repeat in every message).
  const rows = [
    messageRow('json', 'JSON', { bytes: 450, zstd: 330, dictionary: 97, encodeNs: 10_000, decodeNs: 10_000 }),
    messageRow('avsc', 'Avro', { bytes: 264, zstd: 230, dictionary: 98, encodeNs: 8_000, decodeNs: 5_000 }),
    messageRow('msgpackr', 'MessagePack', { bytes: 390, zstd: 340, dictionary: 105, encodeNs: 5_000, decodeNs: 7_000 }),
  ].map((row) => withMessageFigures(row, [10e6, 100e6, 1e9]));
  const report: ComparisonReport = {
    tool: { name: 'payload-lab', version: '0.1.0' },
    runtime: { node: '20', v8: '11', platform: 'linux-x64' },
    settings: { rounds: 3, timeBudgetMs: 500, minSamples: 10, targetRme: null, maxBudgets: 1, quick: false },
    input: {
      path: 'events.jsonl',
      jsonBytes: 450,
      fileBytes: 1,
      records: 1000,
      kind: 'jsonl',
      messages: { format: 'jsonl', count: 1000, totalJsonBytes: 450_000, skipped: { count: 0, first: [] } },
    },
    results: rows,
  };
  const document = computeVerdict(rows, 'size', { transport: 'raw' });
  const messages = computeMessageVerdict(report, 'size', { transport: 'zstd-dictionary' });
  const picked = (verdict: Verdict) => (verdict.pick.code === 'chosen' ? verdict.pick.figures.entries.map((entry) => entry.codec) : []);
  assert.deepEqual(picked(document), ['avsc']);
  assert.deepEqual(picked(messages), ['json']);
  assert.equal(messages.perMessage, true);
  const text = verdictText(messages);
  assert.match(text.pick, /^Zstd with the dictionary alone: 0\.216× JSON; for size JSON itself is the pick/);
  const lineOf = (id: string) => messages.lines.find((entry) => entry.id === id)!;
  const words = (id: string) => text.lines.find((entry) => entry.id === id)!.text;
  assert.equal(lineOf('smallest').code, 'smallest');
  assert.deepEqual(
    lineOf('smallest').code === 'smallest' && lineOf('smallest').figures,
    computeMessageVerdict(report, 'size', { transport: 'zstd-dictionary' }).lines[0]!.figures,
  );
  assert.match(words('smallest'), /^Smallest with zstd and a trained dictionary: json, 97 B = 0\.216× JSON$/);
  // Raw, the smallest message is avsc's.
  assert.match(verdictText(computeMessageVerdict(report, 'size', { transport: 'raw' })).lines[0]!.text, /^Smallest sent raw: avsc, /);
  // Framed: Avro's leanest framing is a 2-byte varint length (its single-object header takes 10); MessagePack needs none.
  assert.match(words('smallest-framed'), /avsc, 266 B/);
  assert.match(words('dictionary-effect'), /json per held-out message: 450 B, zstd alone 330 B \(−27%\).*97 B \(−78%\)/);
  // 10 Mbit/s: the link limits every row, so the fewest bytes on it win (the dictionary's frames).
  assert.match(words('link-10000000'), /^Most messages at 10 Mbit\/s: json, .* sent zstd with the dictionary \(the link is the limit/);
  assert.match(
    verdictText(computeMessageVerdict(report, 'size', { transport: 'raw' })).lines.find((entry) => entry.id === 'fastest-encode')!.text,
    /^Fastest to encode: msgpackr/,
  );
  // Compressed sizes are held-out means: said once, above the lines.
  assert.ok(messages.caveats.some((caveat) => caveat.code === 'held-out'));
});
