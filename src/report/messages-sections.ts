/**
 * A message-mode report as tables of text, for the CLI (fixed-width columns) and the Markdown
 * export alike: the rows per message, then the stream's own figures (sizes, framing, compression
 * on held-out messages, batches, messages per second on each link). Pure.
 */
import type { CodecResult, CompletedResult, ComparisonReport } from '../shared/results';
import { linkSpeedLabel, type LinkFigure, type LinkWire, type MessageFigures } from '../shared/messages';
import { formatBytes, formatDuration, formatSpeedupRange } from '../shared/format';
import { roundTripShortLabel } from '../shared/round-trip-text';
import { remnantCount } from '../analysis/matrix';

export type MessageRow = CompletedResult & { messages: MessageFigures };

export interface TextTable {
  title: string;
  header: string[];
  /** Per column: text left, figures right. */
  align: Array<'left' | 'right'>;
  rows: string[][];
  /** Lines under the table: where the figures come from. */
  after: string[];
}

const isMessageRow = (row: CodecResult): row is MessageRow => row.status === 'completed' && row.messages !== undefined;
const messageRows = (report: ComparisonReport) => report.results.filter(isMessageRow);
const bytes = (value: number | null) => (value === null ? '—' : formatBytes(Number(value.toFixed(1))));
/** `215k`: a rate to three figures. */
export const rate = (perSecond: number) =>
  perSecond >= 1e6
    ? `${(perSecond / 1e6).toFixed(perSecond >= 1e7 ? 0 : 1)}M`
    : perSecond >= 1e3
      ? `${(perSecond / 1e3).toFixed(perSecond >= 1e4 ? 0 : 1)}k`
      : String(Math.round(perSecond));

export interface MessageColumn {
  title: string;
  /** Fixed width in the terminal, where rows are printed as they finish. */
  width: number;
  align: 'left' | 'right';
  cell(row: CodecResult): string;
}

const done = (row: CodecResult, pick: (row: MessageRow) => string, otherwise = '—') => (isMessageRow(row) ? pick(row) : otherwise);

/** The main table, one row per codec, every figure per message. */
export const MESSAGE_COLUMNS: readonly MessageColumn[] = [
  { title: 'codec', width: 10, align: 'left', cell: (row) => row.codec },
  { title: 'format', width: 17, align: 'left', cell: (row) => row.format },
  { title: 'bytes/msg', width: 10, align: 'right', cell: (row) => done(row, (r) => bytes(r.bytes)) },
  { title: 'ratio', width: 6, align: 'right', cell: (row) => done(row, (r) => (r.ratio === null ? '—' : r.ratio.toFixed(3))) },
  {
    title: 'p50 / p99 / max',
    width: 17,
    align: 'right',
    cell: (row) => done(row, (r) => `${r.messages.sizes.p50} / ${r.messages.sizes.p99} / ${r.messages.sizes.max}`),
  },
  { title: 'encode/msg', width: 10, align: 'right', cell: (row) => done(row, (r) => formatDuration(r.encode.meanNs)) },
  { title: 'decode/msg', width: 10, align: 'right', cell: (row) => done(row, (r) => formatDuration(r.decode.meanNs)) },
  {
    title: 'encode vs JSON',
    width: 21,
    align: 'right',
    cell: (row) => done(row, (r) => formatSpeedupRange(r.speedupVsJson?.encode, r.speedupVsJson?.encodeInterval)),
  },
  {
    title: 'decode vs JSON',
    width: 21,
    align: 'right',
    cell: (row) => done(row, (r) => formatSpeedupRange(r.speedupVsJson?.decode, r.speedupVsJson?.decodeInterval)),
  },
  {
    title: 'msg/s enc │ dec',
    width: 15,
    align: 'right',
    cell: (row) =>
      done(row, (r) => (r.messages.perMessage ? `${rate(r.messages.perMessage.encodePerSecond)} │ ${rate(r.messages.perMessage.decodePerSecond)}` : '—')),
  },
  { title: 'round trip', width: 12, align: 'left', cell: (row) => done(row, (r) => roundTripShortLabel(r.roundTrip), row.status) },
  { title: 'remnants', width: 8, align: 'right', cell: (row) => done(row, (r) => String(remnantCount(r))) },
];

export function sizesTable(report: ComparisonReport): TextTable {
  return {
    title: 'message sizes (bytes)',
    header: ['codec', 'min', 'p50', 'p90', 'p99', 'max', 'mean', 'total'],
    align: ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
    rows: messageRows(report).map(({ codec, messages: { sizes } }) =>
      [codec, sizes.min, sizes.p50, sizes.p90, sizes.p99, sizes.max, sizes.mean, sizes.total].map(String),
    ),
    after: ['total: every message encoded alone, added up'],
  };
}

export function framingTable(report: ComparisonReport): TextTable {
  const rows = messageRows(report);
  return {
    title: 'framing added per message, as its own term (each framing the format is sent with in practice)',
    header: ['codec', 'framing'],
    align: ['left', 'left'],
    rows: rows.map((row) => [row.codec, row.messages.framing.map((framing) => `${framing.label} ${bytes(framing.bytesPerMessage)}`).join('; ')]),
    after: [...new Map(rows.flatMap((row) => row.messages.framing).map((framing) => [framing.id, `${framing.label}: ${framing.detail}`])).values()],
  };
}

export function compressionTable(report: ComparisonReport): TextTable | undefined {
  const rows = messageRows(report);
  const first = rows[0]?.messages;
  if (!first) return undefined;
  const { measured, heldOut, levels } = first.compression;
  const dictionary = rows.map((row) => row.messages.dictionary).find((entry) => entry.status === 'measured');
  const notMeasured = rows.map((row) => row.messages.dictionary).find((entry) => entry.status === 'not-measured');
  const range = `${(measured.from + 1).toLocaleString('en-US')}–${(measured.from + measured.messages).toLocaleString('en-US')}`;
  return {
    title: `compressed per message, each alone (held-out messages ${range}: ${measured.messages.toLocaleString('en-US')} of ${heldOut.toLocaleString('en-US')} held out)`,
    header: [
      'codec',
      'raw',
      `gzip ${levels.gzip}`,
      `brotli ${levels.brotli}`,
      `zstd ${levels.zstd}`,
      'zstd + dictionary',
      'compress │ decompress (dictionary)',
    ],
    align: ['left', 'right', 'right', 'right', 'right', 'right', 'right'],
    rows: rows.map(({ codec, messages: { compression, dictionary: own } }) => [
      codec,
      bytes(compression.raw),
      bytes(compression.alone.gzip),
      bytes(compression.alone.brotli),
      bytes(compression.alone.zstd),
      own.status === 'measured' ? bytes(own.withDictionary.mean) : 'not measured',
      own.status === 'measured' ? `${formatDuration(own.times.compressNs)} │ ${formatDuration(own.times.decompressNs)}` : '—',
    ]),
    after: [
      ...(dictionary?.status === 'measured'
        ? [
            `dictionary: each codec's own, at most ${formatBytes(dictionary.settings.sizeBytes)}, trained on messages ${(dictionary.trainedOn.from + 1).toLocaleString('en-US')}–${(dictionary.trainedOn.from + dictionary.trainedOn.messages).toLocaleString('en-US')} (the end of the first ${Math.round(dictionary.settings.trainShare * 100)}%, samples up to 100× its size) by ${dictionary.trainer}`,
            `compressed with ${dictionary.compressor}; times per message from the first round`,
          ]
        : notMeasured?.status === 'not-measured'
          ? [`zstd dictionary not measured: ${notMeasured.reason}`]
          : []),
      ...(first.compression.zstdLibrary
        ? [`zstd alone: ${first.compression.zstdLibrary}`]
        : [`zstd not measured: ${first.compression.zstdNotMeasured ?? 'no build'}`]),
    ],
  };
}

export function batchesTable(report: ComparisonReport): TextTable | undefined {
  const rows = messageRows(report);
  const first = rows[0]?.messages.batches;
  if (!first) return undefined;
  const sizes = first.sizes.map((batch) => batch.messagesPerBatch);
  return {
    title: `batches: bytes per message, gzip │ zstd, messages compressed together (held-out messages ${(first.measured.from + 1).toLocaleString('en-US')}–${(first.measured.from + first.measured.messages).toLocaleString('en-US')})`,
    header: ['codec', ...sizes.map((size) => `${size.toLocaleString('en-US')} per batch`)],
    align: ['left', ...sizes.map(() => 'right' as const)],
    rows: rows.map(({ codec, messages: { batches } }) => [
      codec,
      ...sizes.map((size) => {
        const batch = batches.sizes.find((entry) => entry.messagesPerBatch === size);
        return batch ? `${bytes(batch.gzip)} │ ${bytes(batch.zstd)}` : '—';
      }),
    ]),
    after: [
      `inside a batch: ${first.layout}`,
      ...first.notMeasured.map((entry) => `${entry.messagesPerBatch.toLocaleString('en-US')} per batch: not measured (${entry.reason})`),
    ],
  };
}

const WIRE_TITLE: Record<LinkWire, string> = { plain: 'as encoded', zstd: 'zstd alone', 'zstd-dictionary': 'zstd + dictionary' };
const LIMIT_MARK: Record<LinkFigure['limitedBy'], string> = { link: 'L', encode: 'E', decode: 'D' };

export function linkTable(report: ComparisonReport): TextTable | undefined {
  const rows = messageRows(report).filter((row) => row.messages.link);
  const figures = rows.flatMap((row) => row.messages.link!.figures);
  if (figures.length === 0) return undefined;
  const speeds = [...new Set(figures.map((figure) => figure.bitsPerSecond))];
  const wires = (['plain', 'zstd-dictionary'] as const).filter((wire) => figures.some((figure) => figure.wire === wire));
  const columns = wires.flatMap((wire) => speeds.map((speed) => ({ wire, speed })));
  return {
    title: 'messages per second one codec sustains (the lowest of: one core encoding, one core decoding, the link)',
    header: ['codec', ...columns.map(({ wire, speed }) => `${WIRE_TITLE[wire]} ${linkSpeedLabel(speed)}`)],
    align: ['left', ...columns.map(() => 'right' as const)],
    rows: rows.map((row) => [
      row.codec,
      ...columns.map(({ wire, speed }) => {
        const figure = row.messages.link!.figures.find((entry) => entry.wire === wire && entry.bitsPerSecond === speed);
        return figure ? `${rate(figure.perSecond)} ${LIMIT_MARK[figure.limitedBy]}` : '—';
      }),
    ]),
    after: [
      'L: the link limits it; E: encoding (and compressing) on one core; D: decompressing and decoding on one core. Bytes on the link: the message, or its compressed frame, plus a varint length prefix.',
      'CPU rates: encode and decode per message over the rounds, plus compression per message from the first round.',
      ...(wires.includes('zstd-dictionary')
        ? [
            'With the dictionary, compression times include loading it on every call (the zstd build used has no prepared-dictionary call): a sender that prepares it once pays less, so these rates are a floor.',
          ]
        : []),
    ],
  };
}

/** The stream's own tables, in reading order (those that apply). */
export function messageTables(report: ComparisonReport): TextTable[] {
  return [sizesTable(report), framingTable(report), compressionTable(report), batchesTable(report), linkTable(report)].filter(
    (table): table is TextTable => table !== undefined && table.rows.length > 0,
  );
}

/** `events.jsonl: 20,000 messages (JSON Lines), 447.7 B of minified JSON per message (8.95 MB in all)`. */
export function streamHeading(report: Pick<ComparisonReport, 'input'>): string {
  const { input } = report;
  const stream = input.messages;
  if (!stream) return input.path;
  const format = { jsonl: 'JSON Lines', 'json-array': "a JSON array's elements", 'json-folder': 'a folder of .json files' }[stream.format];
  const skipped =
    stream.skipped.count > 0
      ? `; ${stream.skipped.count.toLocaleString('en-US')} line${stream.skipped.count === 1 ? '' : 's'} not JSON, left out (first: line ${stream.skipped.first
          .map((entry) => entry.line)
          .slice(0, 5)
          .join(', ')})`
      : '';
  return `${input.path}: ${stream.count.toLocaleString('en-US')} messages (${format}), ${bytes(input.jsonBytes)} of minified JSON per message (${formatBytes(stream.totalJsonBytes)} in all)${skipped}`;
}
