/**
 * The answer first: which codec wins on what, each claim with the figure behind it, computed
 * from one run's rows. Speed claims compare the rounds' intervals of the speed-ups against
 * JSON: where the leader's interval overlaps another's, they are "tied", not ranked, and each
 * speed line says what it rests on (verdict-speed.ts). A lossy row is marked on every line that
 * names it. Pure (no DOM, no Node), so the panel renders it and tests check it without a page.
 */
import type { CodecResult, CompletedResult, MeasurementSettings } from '../shared/results';
import { formatBytes, formatSpeedupRange } from '../shared/format';
import { ALL_TIED_FROM, combinedSpeed, operationSpeed, rankSpeed, restsOn, speedLine, type RowName, type SpeedContext, type SpeedOf } from './verdict-speed';
import type { Priority } from '../shared/protocol';
import { codecNames } from '../shared/codec-names';

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

/** 0: exact with nothing left behind; 1: the same JSON but not the same objects; 2: lossy. */
export function fidelityClass(row: CompletedResult): number {
  if (row.roundTrip.status === 'lossy') return 2;
  return row.roundTrip.status === 'exact' && row.remnants.length === 0 ? 0 : 1;
}

const ratioText = (bytes: number, jsonBytes: number | null) => (jsonBytes ? ` = ${(bytes / jsonBytes).toFixed(2)}× JSON` : '');

/**
 * How a claim names a row: with its runtime when the run measured in more than one, and with
 * `lossy` on every line that names a row whose round trip lost data (`marks: false` for the
 * line that lists round trips, which says it anyway).
 */
export function rowNamer(results: readonly CodecResult[], marks = true): RowName {
  const runtimes = new Set(results.map((row) => row.runtime ?? 'node'));
  const nameOf = codecNames(results);
  return (row) => {
    const lossy = marks && row.status === 'completed' && row.roundTrip.status === 'lossy';
    const tags = [...(runtimes.size > 1 ? [row.runtime ?? 'node'] : []), ...(lossy ? ['lossy'] : [])];
    return tags.length > 0 ? `${nameOf(row.codec)} (${tags.join(', ')})` : nameOf(row.codec);
  };
}

/** The rows with the lowest `value`; exact equality is a tie (sizes are counted, not sampled). */
function lowest(rows: readonly CompletedResult[], value: (row: CompletedResult) => number | null): CompletedResult[] {
  const measured = rows.filter((row) => value(row) !== null);
  if (measured.length === 0) return [];
  const best = Math.min(...measured.map((row) => value(row)!));
  return measured.filter((row) => value(row) === best);
}

/** The fastest rows: the leader and every row whose interval overlaps it (a re-run could order them either way). */
function fastest(rows: readonly CompletedResult[], speed: SpeedOf): CompletedResult[] {
  return rankSpeed(rows, speed)?.tied ?? [];
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

function speedClaim(id: string, what: string, rows: readonly CompletedResult[], operation: 'encode' | 'decode', judge: Judge): VerdictClaim {
  const speed = operationSpeed(operation, judge.context);
  const ranking = rankSpeed(rows, speed);
  if (!ranking) return { id, codecs: [], tied: false, text: `${what}: no speed-ups (JSON did not complete)` };
  return { id, codecs: ranking.tied.map((row) => row.codec), tied: ranking.tied.length > 1, text: speedLine(what, ranking, speed, judge.name, judge.context) };
}

/** The fewest bytes; rows of equal size are told apart by speed where the intervals allow. */
function smallestThenFastest(rows: readonly CompletedResult[], judge: Judge): CompletedResult[] {
  const smallest = lowest(rows, (row) => row.bytes);
  if (smallest.length < 2) return smallest;
  const quickest = fastest(smallest, combinedSpeed(judge.context));
  return quickest.length > 0 ? quickest : smallest;
}

/** The rows a priority chooses among, best first; several when the figures cannot separate them. */
function choose(rows: readonly CompletedResult[], priority: Priority, judge: Judge): CompletedResult[] {
  // A lossy codec is never recommended while another keeps the data.
  const keeping = rows.filter((row) => fidelityClass(row) < 2);
  const candidates = keeping.length > 0 ? keeping : [...rows];
  switch (priority) {
    case 'size':
      return smallestThenFastest(candidates, judge);
    case 'speed':
      return fastest(candidates, combinedSpeed(judge.context));
    case 'fidelity': {
      const best = Math.min(...candidates.map(fidelityClass));
      return smallestThenFastest(candidates.filter((row) => fidelityClass(row) === best), judge);
    }
    case 'no-schema': {
      const schemaless = candidates.filter((row) => row.schema === 'none' && row.codec !== 'json');
      return smallestThenFastest(schemaless, judge);
    }
  }
}

const PRIORITY_REASON: Record<Priority, string> = {
  size: 'the fewest bytes among codecs that keep the data',
  speed: 'the fastest encode and decode together (together: √(encode × decode) in each round, the median over rounds; a codec twice as fast at one and half as fast at the other is even with JSON)',
  fidelity: 'an exact round trip with nothing left behind, then the fewest bytes',
  'no-schema': 'the fewest bytes among codecs that need no schema',
};

function pickClaim(rows: readonly CompletedResult[], priority: Priority, jsonBytes: number | null, judge: Judge, id = 'pick'): VerdictClaim {
  const chosen = choose(rows, priority, judge);
  const lead = id === 'pick' ? `For ${PRIORITIES.find((entry) => entry.id === priority)!.label.toLowerCase()}` : 'Best without a schema';
  if (chosen.length === 0) return { id, codecs: [], tied: false, text: `${lead}: no codec qualifies in this run` };
  const { name, context } = judge;
  const encode = operationSpeed('encode', context);
  const decode = operationSpeed('decode', context);
  const together = combinedSpeed(context);
  const describe = (row: CompletedResult) => {
    const figure = (speed: SpeedOf) => formatSpeedupRange(speed(row)!.value, speed(row)!.interval);
    const speed = row.speedupVsJson
      ? `; encode ${figure(encode)}, decode ${figure(decode)}${priority === 'speed' ? `, together ${figure(together)}` : ''} JSON's speed`
      : '';
    return `${name(row)} (${formatBytes(row.bytes)}${ratioText(row.bytes, jsonBytes)}${speed}; ${row.roundTrip.status} round trip)`;
  };
  const timed = chosen.filter((row) => row.speedupVsJson);
  const restsOnText = timed.length > 0 ? `; speed-ups: ${restsOn(timed, encode, name, context)}` : '';
  const codecs = chosen.map((row) => row.codec);
  if (chosen.length >= ALL_TIED_FROM) {
    // As many as this cannot be told apart: a list of all of them would be no pick at all.
    const leader = rankSpeed(chosen, together)?.leader ?? chosen[0]!;
    return { id, codecs, tied: true, text: `${lead}: no single pick, ${chosen.length} codecs cannot be told apart (${chosen.map(name).join(', ')}); the highest median: ${describe(leader)}: ${PRIORITY_REASON[priority]}${restsOnText}` };
  }
  const tied = chosen.length > 1;
  return {
    id,
    codecs,
    tied,
    text: `${lead}: ${tied ? 'tied between ' : ''}${chosen.map(describe).join(tied ? ' and ' : '')}: ${PRIORITY_REASON[priority]}${restsOnText}`,
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

/** What the run says about all its figures: its rounds (for rows of older reports) and how busy the machine was. */
export interface VerdictContext {
  settings?: Pick<MeasurementSettings, 'rounds' | 'machineLoad'>;
}

interface Judge {
  name: RowName;
  context: SpeedContext;
}

export function computeVerdict(results: readonly CodecResult[], jsonBytes: number | null, priority: Priority, run: VerdictContext = {}): Verdict {
  const rows = results.filter((row): row is CompletedResult => row.status === 'completed');
  const load = run.settings?.machineLoad;
  const judge: Judge = { name: rowNamer(results), context: { defaultRounds: run.settings?.rounds ?? 1, busy: load?.measured === true && load.busy } };
  const { name } = judge;
  const json = rows.find((row) => row.codec === 'json')?.compressed;
  const claims: VerdictClaim[] = [
    sizeClaim('smallest', 'Smallest', rows, (row) => row.bytes, jsonBytes, 'JSON', name),
    sizeClaim('smallest-gzip', 'Smallest after gzip', rows, (row) => row.compressed.gzip, json?.gzip ?? null, 'JSON gzipped', name),
    sizeClaim('smallest-brotli', 'Smallest after brotli', rows, (row) => row.compressed.brotli, json?.brotli ?? null, 'JSON with brotli', name),
    sizeClaim('smallest-zstd', 'Smallest after zstd', rows, (row) => row.compressed.zstd, json?.zstd ?? null, 'JSON with zstd', name),
    speedClaim('fastest-encode', 'Fastest to encode', rows, 'encode', judge),
    speedClaim('fastest-decode', 'Fastest to decode', rows, 'decode', judge),
    pickClaim(rows, 'no-schema', jsonBytes, judge, 'best-no-schema'),
    ...fidelityClaims(rows, rowNamer(results, false)),
  ];
  const notes: string[] = [];
  const speedups = rows.flatMap((row) => (row.speedupVsJson && row.codec !== 'json' ? [row.speedupVsJson] : []));
  if (speedups.length > 0 && speedups.every((speedup) => speedup.encodeInterval[0] === speedup.encodeInterval[1] && speedup.decodeInterval[0] === speedup.decodeInterval[1])) {
    notes.push('One round: the speed-ups have no interval, so no tie can be seen; run more rounds before relying on the speed ranking.');
  }
  const failed = results.filter((row) => row.status !== 'completed');
  if (failed.length > 0) notes.push(`Not ranked (did not complete): ${failed.map(name).join(', ')}.`);
  return { pick: pickClaim(rows, priority, jsonBytes, judge), claims, notes };
}
