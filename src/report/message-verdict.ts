/**
 * The verdict of a message-mode run, per message, as data (verdict-data.ts), from the same rows
 * the table shows: the smallest message as the transport sends it (raw, compressed alone, or with
 * the stream's zstd dictionary), with its format's framing; the fastest per message end to end;
 * what the dictionary does; what each link speed sustains. Where the stream's figures differ from
 * one document's (a dictionary favours formats that repeat their keys), so does this verdict.
 * Pure (no DOM, no Node): the CLI, the export and the panel use it.
 */
import type { ComparisonReport } from '../shared/results';
import type { LinkFigure } from '../shared/messages';
import type { Transport } from '../shared/transport';
import type { MessageRow } from './messages-sections';
import { computePick, fidelityLines, judge, runCaveats, sizeLine, speedLine, type Judged, type Priority, type VerdictContext } from './verdict';
import { isMissing } from './transport-figures';
import type { SizeEntry, Verdict, VerdictCaveat, VerdictLine } from './verdict-data';

export { WIRE_TEXT, messageRate } from './verdict-words';

/** The smallest framing a format is sent with in practice (0 for self-delimiting values). */
export function leanestFraming(row: MessageRow): number {
  return Math.min(...row.messages.framing.map((framing) => framing.bytesPerMessage));
}

/** `report`: a report, or what the panel holds of one (its rows and the stream it read). */
export function computeMessageVerdict(report: { results: ComparisonReport['results'] }, priority: Priority, run: VerdictContext = {}): Verdict {
  const results = report.results;
  const judged = judge(results, run);
  const rows = judged.rows.filter((row): row is MessageRow => row.messages !== undefined);
  const json = rows.find((row) => row.codec === 'json');
  const framed = (row: MessageRow): SizeEntry => ({
    ...judged.entry(row),
    bytes: row.bytes + leanestFraming(row),
    ratio: json ? (row.bytes + leanestFraming(row)) / (json.bytes + leanestFraming(json)) : null,
  });
  const framedWinners = lowestBy(rows, (row) => row.bytes + leanestFraming(row)).map(framed);
  const lines: VerdictLine[] = [
    sizeLine(judged, rows),
    ...(framedWinners.length > 0
      ? [{ id: 'smallest-framed', code: 'smallest-framed' as const, figures: { winners: framedWinners, json: json ? framed(json) : null } }]
      : []),
    speedLine(judged, 'encode'),
    speedLine(judged, 'decode'),
    ...dictionaryEffect(rows, judged),
    ...linkLines(rows, judged),
    ...fidelityLines(judged),
  ];
  const timed = rows.some((row) => !isMissing(judged.speed(row).together));
  const caveats: VerdictCaveat[] = [
    ...runCaveats(judged, results, run),
    ...(judged.transport !== 'raw' ? heldOut(rows) : []),
    ...(timed && judged.transport !== 'raw' ? [{ code: 'compression-first-round' as const, figures: {} }] : []),
    ...dictionaryLoad(rows, judged.transport),
  ];
  return { priority, transport: judged.transport, perMessage: true, pick: computePick(judged, priority), lines, caveats };
}

function lowestBy<T>(rows: readonly T[], value: (row: T) => number): T[] {
  if (rows.length === 0) return [];
  const best = Math.min(...rows.map(value));
  return rows.filter((row) => value(row) === best);
}

/** Where the dictionary's times count (its transport, or a link rate held back by the CPU), they include loading it on every call. */
function dictionaryLoad(rows: readonly MessageRow[], transport: Transport): VerdictCaveat[] {
  const cpuBound = rows.some((row) => row.messages.link?.figures.some((figure) => figure.wire === 'zstd-dictionary' && figure.limitedBy !== 'link'));
  const timed = transport === 'zstd-dictionary' && rows.some((row) => row.messages.dictionary.status === 'measured');
  return cpuBound || timed ? [{ code: 'dictionary-load', figures: {} }] : [];
}

/** What the dictionary does to JSON's messages (or the first row's, without JSON). */
function dictionaryEffect(rows: readonly MessageRow[], judged: Judged): VerdictLine[] {
  const row = rows.find((candidate) => candidate.codec === 'json') ?? rows[0];
  if (!row) return [];
  const { dictionary, compression } = row.messages;
  if (dictionary.status !== 'measured') return [{ id: 'dictionary-effect', code: 'dictionary-not-measured', figures: { reason: dictionary.reason } }];
  return [
    {
      id: 'dictionary-effect',
      code: 'dictionary-effect',
      figures: {
        entry: judged.entry(row),
        raw: dictionary.raw,
        zstdAlone: dictionary.zstdAlone,
        withDictionary: dictionary.withDictionary.mean,
        dictionaryBytes: dictionary.bytes,
        trainedOn: dictionary.trainedOn.messages,
        gzipAlone: compression.alone.gzip,
      },
    },
  ];
}

/** The link speeds the rows have figures for, slowest first. */
export function linkSpeedsOf(rows: readonly MessageRow[]): number[] {
  return [...new Set(rows.flatMap((row) => row.messages.link?.figures.map((figure) => figure.bitsPerSecond) ?? []))].sort((a, b) => a - b);
}

/** The row's most messages per second at a link speed, on whichever wire sustains them. */
export function bestLinkFigure(row: MessageRow, bitsPerSecond: number): LinkFigure | undefined {
  const figures = row.messages.link?.figures.filter((figure) => figure.bitsPerSecond === bitsPerSecond) ?? [];
  return figures.reduce<LinkFigure | undefined>((leader, figure) => (!leader || figure.perSecond > leader.perSecond ? figure : leader), undefined);
}

/** At each link speed, the row that sustains the most messages per second on its best wire. */
function linkLines(rows: readonly MessageRow[], judged: Judged): VerdictLine[] {
  return linkSpeedsOf(rows).map((bitsPerSecond) => {
    const best = rows.flatMap((row) => {
      const top = bestLinkFigure(row, bitsPerSecond);
      return top ? [{ row, figure: top }] : [];
    });
    const leader = best.reduce<(typeof best)[number] | undefined>(
      (lead, entry) => (!lead || entry.figure.perSecond > lead.figure.perSecond ? entry : lead),
      undefined,
    );
    const figure = leader?.figure;
    return {
      id: `link-${bitsPerSecond}`,
      code: 'link' as const,
      figures: {
        bitsPerSecond,
        entry: leader ? judged.entry(leader.row) : null,
        perSecond: figure?.perSecond ?? 0,
        wire: figure?.wire ?? 'plain',
        limitedBy: figure?.limitedBy ?? 'link',
        bytesPerMessage: figure?.bytesPerMessage ?? 0,
      },
    };
  });
}

function heldOut(rows: readonly MessageRow[]): VerdictCaveat[] {
  const compression = rows[0]?.messages.compression;
  if (!compression) return [];
  return [{ code: 'held-out', figures: { from: compression.measured.from, messages: compression.measured.messages, heldOut: compression.heldOut } }];
}
