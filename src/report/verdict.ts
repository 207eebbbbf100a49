/**
 * The answer first: which codec wins on what, each claim with the figure behind it, computed
 * from one run's rows. Speed claims compare the rounds' intervals of the speed-ups against
 * JSON: where the leader's interval overlaps another's, they are "tied", not ranked. Pure (no
 * DOM, no Node), so the panel renders it and tests check it without a page.
 */
import type { CodecResult, CompletedResult } from '../shared/results';
import { formatBytes, formatSpeedupRange } from '../shared/format';
import type { Priority } from '../shared/protocol';

export type { Priority };

export const PRIORITIES: readonly { id: Priority; label: string }[] = [
  { id: 'size', label: 'Size' },
  { id: 'speed', label: 'Speed' },
  { id: 'fidelity', label: 'Fidelity' },
  { id: 'no-schema', label: 'No schema' },
];

export interface VerdictClaim {
  /** Stable, for tests and styles: 'smallest', 'smallest-gzip', 'fastest-encode', … */
  id: string;
  /** The winners: more than one when tied. Empty when nothing qualifies. */
  codecs: string[];
  tied: boolean;
  text: string;
}

export interface Verdict {
  /** What to pick for the priority, and why. */
  pick: VerdictClaim;
  claims: VerdictClaim[];
  /** Caveats that apply to every claim (one round, no JSON baseline). */
  notes: string[];
}

type Interval = readonly [number, number];

const overlaps = (a: Interval, b: Interval) => a[0] <= b[1] && b[0] <= a[1];

/** Encode and decode together: the geometric mean of the two speed-ups (and of their bounds). */
function combinedSpeedup(row: CompletedResult): { value: number; interval: Interval } | null {
  const speedup = row.speedupVsJson;
  if (!speedup) return null;
  return {
    value: Math.sqrt(speedup.encode * speedup.decode),
    interval: [Math.sqrt(speedup.encodeInterval[0] * speedup.decodeInterval[0]), Math.sqrt(speedup.encodeInterval[1] * speedup.decodeInterval[1])],
  };
}

/** 0: exact with nothing left behind; 1: the same JSON but not the same objects; 2: lossy. */
export function fidelityClass(row: CompletedResult): number {
  if (row.roundTrip.status === 'lossy') return 2;
  return row.roundTrip.status === 'exact' && row.remnants.length === 0 ? 0 : 1;
}

const ratioText = (bytes: number, jsonBytes: number | null) => (jsonBytes ? ` = ${(bytes / jsonBytes).toFixed(2)}× JSON` : '');

/** How a claim names a row: with its runtime when the run measured in more than one. */
export type RowName = (row: CodecResult) => string;

export function rowNamer(results: readonly CodecResult[]): RowName {
  const runtimes = new Set(results.map((row) => row.runtime ?? 'node'));
  return runtimes.size > 1 ? (row) => `${row.codec} (${row.runtime ?? 'node'})` : (row) => row.codec;
}

/** The rows with the lowest `value`; exact equality is a tie (sizes are counted, not sampled). */
function lowest(rows: readonly CompletedResult[], value: (row: CompletedResult) => number | null): CompletedResult[] {
  const measured = rows.filter((row) => value(row) !== null);
  if (measured.length === 0) return [];
  const best = Math.min(...measured.map((row) => value(row)!));
  return measured.filter((row) => value(row) === best);
}

/**
 * The fastest rows: the one with the highest median speed-up, and every row whose rounds'
 * interval overlaps it (a re-run could order them either way).
 */
function fastest(rows: readonly CompletedResult[], speedup: (row: CompletedResult) => { value: number; interval: Interval } | null): CompletedResult[] {
  const measured = rows.filter((row) => speedup(row) !== null);
  if (measured.length === 0) return [];
  const leader = measured.reduce((best, row) => (speedup(row)!.value > speedup(best)!.value ? row : best));
  const lead = speedup(leader)!.interval;
  // In the rows' own order: a tie names no first.
  return measured.filter((row) => row === leader || overlaps(speedup(row)!.interval, lead));
}

/** Sizes are compared with JSON's own: raw with raw, gzip with JSON's gzip, and so on. */
export function sizeClaim(id: string, what: string, rows: readonly CompletedResult[], bytes: (row: CompletedResult) => number | null, jsonFigure: number | null, versus: string, name: RowName): VerdictClaim {
  const winners = lowest(rows, bytes);
  if (winners.length === 0) return { id, codecs: [], tied: false, text: `${what}: not measured` };
  const figure = bytes(winners[0]!)!;
  const tied = winners.length > 1;
  const ratio = jsonFigure ? ` = ${(figure / jsonFigure).toFixed(2)}× ${versus}` : '';
  return { id, codecs: winners.map((row) => row.codec), tied, text: `${what}: ${tied ? `tied, ${winners.map(name).join(', ')}` : name(winners[0]!)}, ${formatBytes(figure)}${ratio}` };
}

function speedClaim(id: string, what: string, rows: readonly CompletedResult[], operation: 'encode' | 'decode', name: RowName): VerdictClaim {
  const interval = (row: CompletedResult) => {
    const speedup = row.speedupVsJson;
    return speedup ? { value: speedup[operation], interval: operation === 'encode' ? speedup.encodeInterval : speedup.decodeInterval } : null;
  };
  const winners = fastest(rows, interval);
  if (winners.length === 0) return { id, codecs: [], tied: false, text: `${what}: no speed-ups (JSON did not complete)` };
  const figures = winners.map((row) => `${name(row)} ${formatSpeedupRange(interval(row)!.value, interval(row)!.interval)}`).join(', ');
  const tied = winners.length > 1;
  return { id, codecs: winners.map((row) => row.codec), tied, text: `${what}: ${tied ? 'tied (intervals overlap), ' : ''}${figures} JSON's speed` };
}

/** The fewest bytes; rows of equal size are told apart by speed where the intervals allow. */
function smallestThenFastest(rows: readonly CompletedResult[]): CompletedResult[] {
  const smallest = lowest(rows, (row) => row.bytes);
  if (smallest.length < 2) return smallest;
  const quickest = fastest(smallest, combinedSpeedup);
  return quickest.length > 0 ? quickest : smallest;
}

/** The rows a priority chooses among, best first; several when the figures cannot separate them. */
function choose(rows: readonly CompletedResult[], priority: Priority): CompletedResult[] {
  // A lossy codec is never recommended while another keeps the data.
  const keeping = rows.filter((row) => fidelityClass(row) < 2);
  const candidates = keeping.length > 0 ? keeping : [...rows];
  switch (priority) {
    case 'size':
      return smallestThenFastest(candidates);
    case 'speed':
      return fastest(candidates, combinedSpeedup);
    case 'fidelity': {
      const best = Math.min(...candidates.map(fidelityClass));
      return smallestThenFastest(candidates.filter((row) => fidelityClass(row) === best));
    }
    case 'no-schema': {
      const schemaless = candidates.filter((row) => row.schema === 'none' && row.codec !== 'json');
      return smallestThenFastest(schemaless);
    }
  }
}

const PRIORITY_REASON: Record<Priority, string> = {
  size: 'the fewest bytes among codecs that keep the data',
  speed: 'the fastest encode and decode together (geometric mean of the speed-ups)',
  fidelity: 'an exact round trip with nothing left behind, then the fewest bytes',
  'no-schema': 'the fewest bytes among codecs that need no schema',
};

function pickClaim(rows: readonly CompletedResult[], priority: Priority, jsonBytes: number | null, name: RowName, id = 'pick'): VerdictClaim {
  const chosen = choose(rows, priority);
  const lead = id === 'pick' ? `For ${PRIORITIES.find((entry) => entry.id === priority)!.label.toLowerCase()}` : 'Best without a schema';
  if (chosen.length === 0) return { id, codecs: [], tied: false, text: `${lead}: no codec qualifies in this run` };
  const describe = (row: CompletedResult) => {
    const speedup = combinedSpeedup(row);
    const speed = speedup ? `; ${formatSpeedupRange(speedup.value, speedup.interval)} JSON's speed` : '';
    return `${name(row)} (${formatBytes(row.bytes)}${ratioText(row.bytes, jsonBytes)}${speed}; ${row.roundTrip.status} round trip)`;
  };
  const tied = chosen.length > 1;
  return {
    id,
    codecs: chosen.map((row) => row.codec),
    tied,
    text: `${lead}: ${tied ? 'tied between ' : ''}${chosen.map(describe).join(tied ? ' and ' : '')}: ${PRIORITY_REASON[priority]}`,
  };
}

function fidelityClaims(rows: readonly CompletedResult[], name: RowName): VerdictClaim[] {
  const notExact = rows.filter((row) => row.roundTrip.status !== 'exact');
  const withRemnants = rows.filter((row) => row.remnants.length > 0);
  const differences = (row: CompletedResult) => row.roundTrip.differences.length + (row.roundTrip.omittedDifferences ?? 0);
  const occurrences = (row: CompletedResult) => row.remnants.reduce((sum, remnant) => sum + (remnant.count ?? 1), 0);
  const remnantText = (row: CompletedResult) =>
    `${name(row)} (${row.remnants.length} remnant${row.remnants.length === 1 ? '' : 's'}, ${occurrences(row).toLocaleString('en-US')} place${occurrences(row) === 1 ? '' : 's'})`;
  return [
    {
      id: 'not-exact',
      codecs: notExact.map((row) => row.codec),
      tied: false,
      text: notExact.length === 0
        ? 'Every round trip is exact'
        : `Not exact round trips: ${notExact.map((row) => `${name(row)} (${row.roundTrip.status}${row.roundTrip.status === 'lossy' ? `, ${differences(row)} difference${differences(row) === 1 ? '' : 's'}` : ''})`).join(', ')}`,
    },
    {
      id: 'remnants',
      codecs: withRemnants.map((row) => row.codec),
      tied: false,
      text: withRemnants.length === 0
        ? 'No codec leaves remnants'
        : `Leave remnants: ${withRemnants.map(remnantText).join(', ')}`,
    },
  ];
}

export function computeVerdict(results: readonly CodecResult[], jsonBytes: number | null, priority: Priority): Verdict {
  const rows = results.filter((row): row is CompletedResult => row.status === 'completed');
  const name = rowNamer(results);
  const json = rows.find((row) => row.codec === 'json')?.compressed;
  const claims: VerdictClaim[] = [
    sizeClaim('smallest', 'Smallest', rows, (row) => row.bytes, jsonBytes, 'JSON', name),
    sizeClaim('smallest-gzip', 'Smallest after gzip', rows, (row) => row.compressed.gzip, json?.gzip ?? null, 'JSON gzipped', name),
    sizeClaim('smallest-brotli', 'Smallest after brotli', rows, (row) => row.compressed.brotli, json?.brotli ?? null, 'JSON with brotli', name),
    sizeClaim('smallest-zstd', 'Smallest after zstd', rows, (row) => row.compressed.zstd, json?.zstd ?? null, 'JSON with zstd', name),
    speedClaim('fastest-encode', 'Fastest to encode', rows, 'encode', name),
    speedClaim('fastest-decode', 'Fastest to decode', rows, 'decode', name),
    pickClaim(rows, 'no-schema', jsonBytes, name, 'best-no-schema'),
    ...fidelityClaims(rows, name),
  ];
  const notes: string[] = [];
  const speedups = rows.flatMap((row) => (row.speedupVsJson && row.codec !== 'json' ? [row.speedupVsJson] : []));
  if (speedups.length > 0 && speedups.every((speedup) => speedup.encodeInterval[0] === speedup.encodeInterval[1] && speedup.decodeInterval[0] === speedup.decodeInterval[1])) {
    notes.push('One round: the speed-ups have no interval, so no tie can be seen; run more rounds before relying on the speed ranking.');
  }
  const failed = results.filter((row) => row.status !== 'completed');
  if (failed.length > 0) notes.push(`Not ranked (did not complete): ${failed.map(name).join(', ')}.`);
  return { pick: pickClaim(rows, priority, jsonBytes, name), claims, notes };
}
