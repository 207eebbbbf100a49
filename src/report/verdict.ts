/**
 * The answer first: which codec to pick for a priority when the bytes travel one way (raw, or
 * compressed on the way), and each line behind it with its figures, computed once from a run's
 * rows as data (verdict-data.ts) and put into words at the edges (verdict-words.ts). Sizes are
 * after the transport's compression; speed is end to end (encode + compress, decompress +
 * decode) against JSON's, ranked only where the rounds' intervals stand apart. A lossy row is
 * marked wherever it is named and never picked while another keeps the data. Pure.
 */
import type { CodecResult, CompletedResult, MeasurementSettings } from '../shared/results';
import { codecNames } from '../shared/codec-names';
import type { Priority } from '../shared/protocol';
import { DEFAULT_TRANSPORT, type Transport } from '../shared/transport';
import { rankSpeed, type SpeedFigure, type SpeedOf } from './verdict-speed';
import { baselineBytes, bytesOn, endToEnd, isMissing, type EndToEnd, type Missing } from './transport-figures';
import type {
  LineFigures,
  PickEntry,
  SizeEntry,
  SpeedEntry,
  SpeedOperation,
  Verdict,
  VerdictCaveat,
  VerdictEntry,
  VerdictLine,
  VerdictPick,
} from './verdict-data';

export type { Priority };

export const PRIORITIES: readonly { id: Priority; label: string }[] = [
  { id: 'size', label: 'Size' },
  { id: 'speed', label: 'Speed' },
  { id: 'fidelity', label: 'Fidelity' },
  { id: 'no-schema', label: 'No schema' },
];

/** 0: exact with nothing left behind; 1: the same JSON but not the same objects; 2: lossy. */
export function fidelityClass(row: CompletedResult): number {
  if (row.roundTrip.status === 'lossy') return 2;
  return row.roundTrip.status === 'exact' && row.remnants.length === 0 ? 0 : 1;
}

/** What the run says about all its figures: its rounds (for rows of older reports), how busy the machine was, a quick run. */
export interface VerdictContext {
  settings?: Pick<MeasurementSettings, 'rounds' | 'machineLoad'> & Partial<Pick<MeasurementSettings, 'quick'>>;
  /** How the bytes travel (default gzip, what HTTP would use). */
  transport?: Transport;
}

/** One run's rows with every figure the verdict weighs, each computed once. */
export interface Judged {
  transport: Transport;
  rows: CompletedResult[];
  json: CompletedResult | undefined;
  entry(row: CompletedResult): VerdictEntry;
  bytes(row: CompletedResult): number | Missing;
  sizeEntry(row: CompletedResult): SizeEntry | null;
  speed(row: CompletedResult): EndToEnd;
  defaultRounds: number;
}

export function judge(results: readonly CodecResult[], run: VerdictContext = {}): Judged {
  const rows = results.filter((row): row is CompletedResult => row.status === 'completed');
  const transport = run.transport ?? DEFAULT_TRANSPORT;
  const json = rows.find((row) => row.codec === 'json');
  const runtimes = new Set(results.map((row) => row.runtime ?? 'node'));
  const nameOf = codecNames(results);
  const defaultRounds = run.settings?.rounds ?? 1;
  const context = { transport, quick: run.settings?.quick === true, defaultRounds };
  const speeds = new Map(rows.map((row) => [row, endToEnd(row, json, context)]));
  const entry = (row: CompletedResult): VerdictEntry => ({
    codec: row.codec,
    name: runtimes.size > 1 ? `${nameOf(row.codec)} (${row.runtime ?? 'node'})` : nameOf(row.codec),
    ...(row.runtime ? { runtime: row.runtime } : {}),
    needsSchema: row.schema !== 'none',
    lossy: row.roundTrip.status === 'lossy',
  });
  const bytes = (row: CompletedResult) => bytesOn(row, transport);
  const base = json ? baselineBytes(json, transport) : null;
  const sizeEntry = (row: CompletedResult): SizeEntry | null => {
    const figure = bytes(row);
    return isMissing(figure) ? null : { ...entry(row), bytes: figure, ratio: base ? figure / base : null };
  };
  return { transport, rows, json, entry, bytes, sizeEntry, speed: (row) => speeds.get(row)!, defaultRounds };
}

/** A SpeedOf over one of the end-to-end figures (null where not measured). */
export function speedOf(judged: Judged, which: keyof EndToEnd): SpeedOf {
  return (row) => {
    const figure = judged.speed(row)[which];
    return isMissing(figure) ? null : figure;
  };
}

const measuredBytes = (judged: Judged, row: CompletedResult) => {
  const figure = judged.bytes(row);
  return isMissing(figure) ? null : figure;
};

/** The rows with the fewest bytes; exact equality is a tie (sizes are counted, not sampled). */
function lowest(rows: readonly CompletedResult[], value: (row: CompletedResult) => number | null): CompletedResult[] {
  const measured = rows.filter((row) => value(row) !== null);
  if (measured.length === 0) return [];
  const best = Math.min(...measured.map((row) => value(row)!));
  return measured.filter((row) => value(row) === best);
}

/** The fewest bytes on the transport; equal sizes are told apart by speed where the intervals allow. */
function smallestThenFastest(rows: readonly CompletedResult[], judged: Judged): CompletedResult[] {
  const smallest = lowest(rows, (row) => measuredBytes(judged, row));
  if (smallest.length < 2) return smallest;
  const quickest = rankSpeed(smallest, speedOf(judged, 'together'))?.tied ?? [];
  return quickest.length > 0 ? quickest : smallest;
}

function choose(rows: readonly CompletedResult[], priority: Priority, judged: Judged): CompletedResult[] {
  switch (priority) {
    case 'size':
      return smallestThenFastest(rows, judged);
    case 'speed':
      return rankSpeed(rows, speedOf(judged, 'together'))?.tied ?? [];
    case 'fidelity': {
      const best = Math.min(...rows.map(fidelityClass));
      return smallestThenFastest(
        rows.filter((row) => fidelityClass(row) === best),
        judged,
      );
    }
    case 'no-schema':
      return smallestThenFastest(
        rows.filter((row) => row.schema === 'none' && row.codec !== 'json'),
        judged,
      );
  }
}

/** From this many rows a pick that cannot tell them apart is no pick: it says so. */
const NOT_RANKED_FROM = 4;

function pickEntry(row: CompletedResult, judged: Judged): PickEntry | null {
  const size = judged.sizeEntry(row);
  if (!size) return null;
  const together = judged.speed(row).together;
  const speed = isMissing(together) ? null : { value: together.value, interval: together.interval, rounds: together.rounds };
  return { ...size, speed, roundTrip: row.roundTrip.status };
}

/**
 * The pick for a priority on the transport, the best row that needs no schema beside a pick that
 * does, and what the transport's compression alone does to JSON.
 */
export function computePick(judged: Judged, priority: Priority): VerdictPick {
  const { transport, rows } = judged;
  // A lossy codec is never recommended while another keeps the data.
  const keeping = rows.filter((row) => fidelityClass(row) < 2);
  const candidates = keeping.length > 0 ? keeping : [...rows];
  const unmeasured = (figure: Missing | undefined) => figure && { code: 'not-measured' as const, figures: { priority, transport, why: figure } };
  const sizeMissing = candidates.map((row) => judged.bytes(row)).find(isMissing);
  if (candidates.every((row) => isMissing(judged.bytes(row)))) return unmeasured(sizeMissing) ?? { code: 'none', figures: { priority, transport } };
  if (priority === 'speed') {
    const speedMissing = candidates.map((row) => judged.speed(row).together).find(isMissing);
    if (candidates.every((row) => isMissing(judged.speed(row).together))) return unmeasured(speedMissing) ?? { code: 'none', figures: { priority, transport } };
  }
  const chosen = choose(candidates, priority, judged);
  const entries = chosen.flatMap((row) => pickEntry(row, judged) ?? []);
  if (entries.length === 0) return { code: 'none', figures: { priority, transport } };
  const needsSchema = entries.some((entry) => entry.needsSchema);
  const schemaless = candidates.filter((row) => row.schema === 'none' && row.codec !== 'json' && !chosen.includes(row));
  const runnerUpRow = needsSchema && priority !== 'no-schema' ? choose(schemaless, priority === 'speed' ? 'speed' : 'size', judged)[0] : undefined;
  const runnerUp = runnerUpRow ? pickEntry(runnerUpRow, judged) : null;
  const alone = transport !== 'raw' && judged.json ? judged.sizeEntry(judged.json) : null;
  return {
    code: 'chosen',
    figures: { priority, transport, entries, tied: entries.length > 1, notRanked: entries.length >= NOT_RANKED_FROM, runnerUp, alone },
  };
}

export function sizeLine(judged: Judged, rows: readonly CompletedResult[] = judged.rows): VerdictLine {
  const { transport } = judged;
  const winners = lowest(rows, (row) => measuredBytes(judged, row)).flatMap((row) => judged.sizeEntry(row) ?? []);
  if (winners.length === 0) {
    const why = rows.map((row) => judged.bytes(row)).find(isMissing) ?? { code: 'not-timed' as const };
    return { id: 'smallest', code: 'not-measured', figures: { what: 'smallest', transport, why } };
  }
  return { id: 'smallest', code: 'smallest', figures: { transport, winners, json: judged.json ? judged.sizeEntry(judged.json) : null } };
}

function speedEntry(row: CompletedResult, figure: SpeedFigure, judged: Judged): SpeedEntry {
  return { ...judged.entry(row), value: figure.value, interval: figure.interval, rounds: figure.rounds };
}

export function speedLine(judged: Judged, operation: SpeedOperation): VerdictLine {
  const { transport, rows } = judged;
  const speed = speedOf(judged, operation);
  const id = `fastest-${operation}`;
  const ranking = rankSpeed(rows, speed);
  const missingRows = rows.filter((row) => speed(row) === null && row.codec !== 'json');
  const why = missingRows.map((row) => judged.speed(row)[operation]).find(isMissing);
  if (!ranking || ranking.tied.length + ranking.outside.length < 2) {
    return { id, code: 'not-measured', figures: { what: operation, transport, why: why ?? { code: 'no-json' } } };
  }
  const entry = (row: CompletedResult) => speedEntry(row, speed(row)!, judged);
  const figures: LineFigures['fastest'] = {
    transport,
    operation,
    tied: ranking.tied.map(entry),
    next: ranking.next ? entry(ranking.next) : null,
    outside: ranking.outside.map(entry),
    all: ranking.all,
    unmeasured: missingRows.length > 0 && why ? { entries: missingRows.map(judged.entry), why } : null,
  };
  return { id, code: 'fastest', figures };
}

export function fidelityLines(judged: Judged): VerdictLine[] {
  const { rows } = judged;
  const differences = (row: CompletedResult) => row.roundTrip.differences.length + (row.roundTrip.omittedDifferences ?? 0);
  const places = (row: CompletedResult) => row.remnants.reduce((sum, remnant) => sum + (remnant.count ?? 1), 0);
  return [
    {
      id: 'not-exact',
      code: 'round-trips',
      figures: {
        rows: rows
          .filter((row) => row.roundTrip.status !== 'exact')
          .map((row) => ({ entry: judged.entry(row), status: row.roundTrip.status, differences: differences(row) })),
      },
    },
    {
      id: 'remnants',
      code: 'remnants',
      figures: {
        rows: rows.filter((row) => row.remnants.length > 0).map((row) => ({ entry: judged.entry(row), remnants: row.remnants.length, places: places(row) })),
      },
    },
  ];
}

/**
 * What applies to every speed figure, said once: the rounds most rows rest on (a line names
 * rows with other counts), a busy machine, rows that did not complete.
 */
export function runCaveats(judged: Judged, results: readonly CodecResult[], run: VerdictContext): VerdictCaveat[] {
  const caveats: VerdictCaveat[] = [];
  const counts = judged.rows
    .filter((row) => row.codec !== 'json')
    .flatMap((row) => {
      const figure = judged.speed(row).together;
      return isMissing(figure) ? [] : [figure.rounds];
    });
  if (counts.length > 0) caveats.push({ code: 'rounds', figures: { rounds: commonRounds(counts), mixed: new Set(counts).size > 1 } });
  const load = run.settings?.machineLoad;
  if (load?.measured && load.busy) caveats.push({ code: 'machine-busy', figures: { busyShare: load.busyShare } });
  const nameOf = codecNames(results);
  const failed = results.filter((row) => row.status !== 'completed');
  if (failed.length > 0) caveats.push({ code: 'not-completed', figures: { names: failed.map((row) => nameOf(row.codec)) } });
  return caveats;
}

/** The count most rows have (the largest of equally common ones: the run's plan). */
export function commonRounds(counts: readonly number[]): number {
  const tally = new Map<number, number>();
  for (const count of counts) tally.set(count, (tally.get(count) ?? 0) + 1);
  return [...tally].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]![0];
}

export function computeVerdict(results: readonly CodecResult[], priority: Priority, run: VerdictContext = {}): Verdict {
  const judged = judge(results, run);
  return {
    priority,
    transport: judged.transport,
    perMessage: false,
    pick: computePick(judged, priority),
    lines: [sizeLine(judged), speedLine(judged, 'encode'), speedLine(judged, 'decode'), ...fidelityLines(judged)],
    caveats: runCaveats(judged, results, run),
  };
}
