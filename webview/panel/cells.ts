/**
 * The cells of one table row, by row state: measured, errored or skipped, or still pending.
 * Secondary facts (compressed sizes, timing spread, remnant paths) go into tooltips here and,
 * for keyboard and screen-reader users, into the row's details (details.ts).
 */
import {
  RERUN_INTERVAL_PERCENT,
  type CodecResult,
  type CompletedResult,
  type ErroredResult,
  type ErrorStage,
  type LazyTimings,
  type MeasurementSettings,
  type SkippedResult,
  type TimingStats,
} from '../../src/shared/results';
import { roundsStoppedText } from '../../src/shared/rounds-text';
import { lazyReadsOf } from '../../src/shared/lazy-reads-text';
import { el } from '../common/dom';
import { formatBytes, formatDuration, formatRatio, formatSpeedup, formatSpeedupInterval, formatSpread } from './format';
import type { ColumnId, PendingRow } from './model';
import { remnantBadges, remnantTooltip } from './remnants';
import { roundTripLabel } from '../../src/shared/round-trip-text';
import type { SizedResult } from '../../src/shared/sizes';

/** Columns after codec and format: bytes, ratio, encode, decode, 2 speed-ups, round trip, remnants, web bundle. */
const MEASURED_COLUMNS: readonly ColumnId[] = ['bytes', 'ratio', 'encode', 'decode', 'encodeSpeedup', 'decodeSpeedup', 'roundTrip', 'remnants', 'bundle'];
/** Columns an error message spans: everything after bytes and ratio, up to the library's bundle (a fact of the library, not of the run). */
const AFTER_SIZE_COLUMNS = MEASURED_COLUMNS.slice(2, -1);

/**
 * Marks a cell with its column, or the columns it spans: the table hides and folds columns
 * by these (and sets a spanning cell's colSpan to the columns of its span still on show).
 */
function tagCell(cell: HTMLTableCellElement, columns: readonly ColumnId[]): HTMLTableCellElement {
  if (columns.length === 1) cell.dataset['col'] = columns[0]!;
  else {
    cell.dataset['span'] = columns.join(' ');
    cell.colSpan = columns.length;
  }
  return cell;
}

const STAGE_ACTIVITY: Partial<Record<ErrorStage, string>> = {
  prepare: 'preparing',
  encode: 'encoding',
  decode: 'decoding',
  verify: 'verifying the round trip',
  measure: 'measuring',
};

const td = (className: string, children: (Node | string)[] = [], title?: string) => el('td', { className, title }, children);
const numberCell = (text: string, title?: string) => td('num', [text], title);

/** A completed row, or a pending one's sizes: what the size cells read. */
type Sized = CompletedResult | SizedResult;

function compressedSummary(result: Sized): string {
  const { gzip, brotli, zstd } = result.compressed;
  return `gzip ${formatBytes(gzip)}, brotli ${formatBytes(brotli)}${zstd === null ? '' : `, zstd ${formatBytes(zstd)}`}`;
}

/** The ratio with a bar drawn to scale against the largest ratio on show. */
function ratioCell(ratio: number | null | undefined, scale: number): HTMLTableCellElement {
  if (ratio == null) return numberCell('—');
  const fill = el('span', { className: ratio > 1 ? 'ratio-fill larger' : 'ratio-fill' });
  fill.style.width = `${Math.min(100, (ratio / scale) * 100).toFixed(1)}%`;
  const bar = el('span', { className: 'ratio-bar', attrs: { 'aria-hidden': 'true' } }, [fill]);
  return td('num', [el('span', { className: 'ratio' }, [bar, el('span', { text: formatRatio(ratio) })])]);
}

function remnantsCell(result: Sized): HTMLTableCellElement {
  if (result.remnants.length === 0) return td('remnants', [el('span', { className: 'none', text: 'none' })]);
  return td('remnants', [el('span', { className: 'badges' }, remnantBadges(result))], remnantTooltip(result.remnants));
}

function roundTripCell(result: Sized): HTMLTableCellElement {
  const { status, differences, omittedDifferences } = result.roundTrip;
  const lines = differences.map((difference) => `${difference.path} (${difference.kind}): ${difference.detail}`);
  if (omittedDifferences) lines.push(`… and ${omittedDifferences} more`);
  return td(
    'round-trip',
    [el('span', { className: `status-dot ${status}`, attrs: { 'aria-hidden': 'true' } }), roundTripLabel(result.roundTrip)],
    lines.join('\n') || undefined,
  );
}

/**
 * Amortised time per call; "bimodal" where the median call would mislead. A format read on
 * access has its two reads in the decode cell's tooltip (and its details).
 */
function perCallCell(timing: TimingStats, lazy?: LazyTimings): HTMLTableCellElement {
  const children: (Node | string)[] = [formatDuration(timing.meanNs)];
  if (timing.bimodal) children.push(el('span', { className: 'figure-note', text: 'bimodal' }));
  const reads = lazy
    ? `\nto a plain object (the speed-up uses it); access ${formatDuration(lazy.access.meanNs)}, first field (${lazy.firstFieldPath}) ${formatDuration(lazy.firstField.meanNs)}`
    : '';
  return td('num', children, `${formatSpread(timing)}${reads}`);
}

/**
 * The median speed-up over rounds, the interval a re-run is expected in under it (in the cell,
 * not only in a tooltip: it is how far to trust the figure), and a marker where the rounds
 * disagree widely.
 */
/** What a speed-up's interval is, by rounds (engine/rerun-interval.ts). */
function intervalMeaning(rounds: number): string {
  return rounds >= 3 ? `a re-run is expected within (${RERUN_INTERVAL_PERCENT}%)` : 'lowest–highest round';
}

/**
 * `marks`: whether unstable speed-ups carry ⚠ (not on a busy machine: the verdict says it once
 * for all); `settings`: the run's, for why a row's rounds stopped.
 */
export interface SpeedupContext {
  marks: boolean;
  settings?: Pick<MeasurementSettings, 'adaptiveRounds'>;
}

function speedupCell(result: CompletedResult, operation: 'encode' | 'decode', { marks, settings }: SpeedupContext): HTMLTableCellElement {
  const speedups = result.speedupVsJson;
  if (!speedups) return numberCell('—');
  const [low, high] = operation === 'encode' ? speedups.encodeInterval : speedups.decodeInterval;
  const rounds = result.rounds?.length ?? 1;
  const marker = marks ? result.unstable?.find((candidate) => candidate.figure === `${operation}Speedup`) : undefined;
  const children: (Node | string)[] = [el('span', { className: 'speedup', text: formatSpeedup(speedups[operation]) })];
  if (marker) children.push(el('span', { className: 'unstable-marker', text: '⚠', attrs: { 'aria-label': 'unstable', role: 'img' } }));
  if (rounds > 1) children.push(el('span', { className: 'interval', text: formatSpeedupInterval([low, high]) }));
  const title = [
    `Median of ${rounds} round${rounds === 1 ? '' : 's'}; ${intervalMeaning(rounds)} ${formatSpeedup(low)}–${formatSpeedup(high)}`,
    ...(result.roundsStopped ? [`Rounds taken: ${roundsStoppedText(result.roundsStopped, settings ?? {})}`] : []),
    ...(marker ? [marker.reason] : []),
  ].join('\n');
  return td(`num speedup-cell${marker ? ' unstable' : ''}`, children, title);
}

export function completedCells(result: CompletedResult, ratioScale: number, context: SpeedupContext = { marks: true }): HTMLTableCellElement[] {
  return [
    numberCell(formatBytes(result.bytes), compressedSummary(result)),
    ratioCell(result.ratio, ratioScale),
    perCallCell(result.encode),
    perCallCell(result.decode, lazyReadsOf(result)),
    speedupCell(result, 'encode', context),
    speedupCell(result, 'decode', context),
    roundTripCell(result),
    remnantsCell(result),
    bundleCell(result),
  ].map((cell, index) => tagCell(cell, [MEASURED_COLUMNS[index]!]));
}

/** The library's minified, gzipped bytes in a web app's bundle; "—" where there is no browser build. */
function bundleCell(result: CodecResult | SizedResult): HTMLTableCellElement {
  if (result.bundleBytes === undefined) return numberCell('—', 'No browser build measured for this codec');
  const bundle = result.bundle;
  const title = bundle
    ? `${formatBytes(bundle.minifiedBytes)} minified, ${formatBytes(result.bundleBytes)} gzipped (level ${bundle.gzipLevel}), ${bundle.bundler}: ${bundle.includes}`
    : undefined;
  return numberCell(formatBytes(result.bundleBytes), title);
}

/** Bytes and ratio when measured before the failure, then the stage and message. */
export function failedCells(result: ErroredResult | SkippedResult, ratioScale: number): HTMLTableCellElement[] {
  const bytes = result.status === 'errored' ? result.bytes : undefined;
  const ratio = result.status === 'errored' ? result.ratio : undefined;
  const message = td(`failure ${result.status}`, [
    el('span', { className: 'failure-stage', text: `${result.status} at ${result.error.stage}` }),
    el('span', { className: 'failure-message', text: result.error.message }),
  ]);
  return [
    tagCell(numberCell(bytes === undefined ? '—' : formatBytes(bytes)), ['bytes']),
    tagCell(ratioCell(ratio, ratioScale), ['ratio']),
    tagCell(message, AFTER_SIZE_COLUMNS),
    tagCell(bundleCell(result), ['bundle']),
  ];
}

/** What a pending row's worker is doing, as its cell says it. */
export function pendingActivity(row: PendingRow, running: boolean): string {
  return !running ? 'not run' : row.stage ? `${STAGE_ACTIVITY[row.stage] ?? row.stage}…` : 'waiting';
}

/** The columns a pending row with its sizes still waits for: the times and speed-ups. */
const TIME_COLUMNS = MEASURED_COLUMNS.slice(2, 6);

export function pendingCells(row: PendingRow, running: boolean, ratioScale: number): HTMLTableCellElement[] {
  const cell = td(`pending-cell${running ? ' running' : ''}`, [
    el('span', { className: 'spinner', attrs: { 'aria-hidden': 'true' } }),
    el('span', { className: 'pending-activity', text: pendingActivity(row, running) }),
  ]);
  const { sizes } = row;
  if (!sizes) return [tagCell(cell, MEASURED_COLUMNS)];
  // Sizes first: the figures that are not times, beside the speed columns still measuring.
  return [
    tagCell(numberCell(formatBytes(sizes.bytes), compressedSummary(sizes)), ['bytes']),
    tagCell(ratioCell(sizes.ratio, ratioScale), ['ratio']),
    tagCell(cell, TIME_COLUMNS),
    tagCell(roundTripCell(sizes), ['roundTrip']),
    tagCell(remnantsCell(sizes), ['remnants']),
    tagCell(bundleCell(sizes), ['bundle']),
  ];
}
