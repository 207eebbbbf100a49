/**
 * The verdict in words: one table with an entry per code (line, pick, caveat, missing figure),
 * used by every edge (the CLI, the panel, the Markdown export, `--json`'s sentences), so the
 * same facts read the same everywhere. A line says only what is particular to it (lossy, not
 * ranked, its rounds where they differ from the run's); what holds for the whole run is a
 * caveat, said once above. Pure.
 */
import { formatBytes, formatPercent, formatSpeedup, formatSpeedupInterval } from '../shared/format';
import { RERUN_INTERVAL_PERCENT } from '../shared/results';
import { linkSpeedLabel, type LinkWire } from '../shared/messages';
import type { Transport } from '../shared/transport';
import type { Priority } from '../shared/protocol';
import type { MissingCode, Missing } from './transport-figures';
import type { CaveatCode, CaveatFigures, LineCode, LineFigures, PickEntry, PickFigures, SizeEntry, SpeedEntry, Verdict, VerdictEntry } from './verdict-data';

/** "sent raw", "with gzip", "with zstd and a dictionary trained on the stream". */
export const TRANSPORT_WORDS: Record<Transport, string> = {
  raw: 'sent raw',
  gzip: 'with gzip',
  brotli: 'with brotli',
  zstd: 'with zstd',
  'zstd-dictionary': 'with zstd and a trained dictionary',
};

/** What a transport alone does to JSON: "gzip alone". */
const ALONE_WORDS: Record<Transport, string> = {
  raw: 'JSON raw',
  gzip: 'gzip alone',
  brotli: 'brotli alone',
  zstd: 'zstd alone',
  'zstd-dictionary': 'zstd with the dictionary alone',
};

export const MISSING_WORDS: Record<MissingCode, string> = {
  'no-zstd': 'no zstd build loaded in this runtime',
  'dictionary-messages-only': 'a dictionary is trained on a stream of messages: run message mode (--messages)',
  'no-dictionary': "the stream's dictionary was not measured",
  'quick-run': 'a quick run does not time compression: run without --quick, or choose raw',
  browser: 'rows measured in a browser do not time compression',
  'message-times-zstd-only': 'message mode times zstd per message only: choose zstd or zstd + dictionary',
  'not-timed': 'this report has no compression times',
  'no-json': 'no JSON baseline completed',
};

export function missingText(why: Missing): string {
  return why.detail ? `${MISSING_WORDS[why.code]} (${why.detail})` : MISSING_WORDS[why.code];
}

/**
 * "0.137×": three significant figures, so sizes a few per cent apart do not read the same
 * (two decimals made 137,143 B and 138,000 B both "0.14×"); trailing zeros past two decimals go.
 */
export function ratioFigure(value: number): string {
  if (value >= 1) return value.toFixed(2);
  const text = value.toPrecision(3);
  return text.replace(/(\.\d\d\d*?)0+$/, '$1');
}

const ratio = (value: number | null) => (value === null ? '' : `${ratioFigure(value)}×`);
const lossy = (entry: VerdictEntry) => (entry.lossy ? ' (lossy)' : '');
const schemaTag = (entry: VerdictEntry) => (entry.needsSchema ? 'needs a schema' : 'no schema');
const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** "avsc 9.00× (8.00–10.0×)", with its rounds where they differ from the run's: "(8.00–10.0×, 3 rounds)". */
function speedText(entry: SpeedEntry, runRounds: number): string {
  const interval = entry.interval[0] !== entry.interval[1] ? formatSpeedupInterval(entry.interval) : null;
  const own = entry.rounds !== runRounds ? plural(entry.rounds, 'round') : null;
  const inside = [interval, own].filter((part) => part !== null).join(', ');
  return `${entry.name}${lossy(entry)} ${formatSpeedup(entry.value)}${inside ? ` (${inside})` : ''}`;
}

function sizeText(entry: SizeEntry): string {
  return `${entry.name}${lossy(entry)}, ${formatBytes(Number(entry.bytes.toFixed(1)))}${entry.ratio === null ? '' : ` = ${ratio(entry.ratio)} JSON`}`;
}

const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** A line's words; `runRounds`: the rounds the run's caveat names (a line names other counts). */
type LineWords = { [C in LineCode]: (figures: LineFigures[C], runRounds: number) => string };

export const WIRE_TEXT: Record<LinkWire, string> = { plain: 'as encoded', zstd: 'zstd alone', 'zstd-dictionary': 'zstd with the dictionary' };

export const messageRate = (perSecond: number) => `${Math.round(perSecond).toLocaleString('en-US')} messages/s`;

export const LINE_WORDS: LineWords = {
  smallest: ({ transport, winners, json }) => {
    const what = `Smallest ${TRANSPORT_WORDS[transport]}`;
    const names = winners.length > 1 ? `tied, ${winners.map(sizeText).join('; ')}` : sizeText(winners[0]!);
    const base =
      transport !== 'raw' && json && !winners.some((winner) => winner.codec === 'json') ? ` (JSON ${TRANSPORT_WORDS[transport]}: ${ratio(json.ratio)})` : '';
    return `${what}: ${names}${base}`;
  },
  'smallest-framed': ({ winners }) =>
    `Smallest with its format's leanest framing: ${winners.length > 1 ? `tied, ${winners.map(sizeText).join('; ')}` : sizeText(winners[0]!)}`,
  fastest: ({ transport, operation, tied, next, outside, all, unmeasured }, runRounds) => {
    const what =
      transport === 'raw'
        ? `Fastest to ${operation}`
        : `Fastest to ${operation} end to end ${TRANSPORT_WORDS[transport]} (${operation === 'encode' ? `encode + compress` : 'decompress + decode'})`;
    const figure = (entry: SpeedEntry) => speedText(entry, runRounds);
    const missing = unmeasured ? `; not measured for ${unmeasured.entries.map((entry) => entry.name).join(', ')}: ${missingText(unmeasured.why)}` : '';
    if (all) {
      const below = outside.length > 0 ? `; below them: ${outside.map(figure).join(', ')}` : '';
      const overlap = outside.length === 0 ? `all ${tied.length}` : `${tied.length} of ${tied.length + outside.length}`;
      return `${what}: not ranked, the intervals of ${overlap} overlap (highest median: ${figure(leaderOf(tied))})${below}${missing}`;
    }
    const winners = tied.length > 1 ? `tied (intervals overlap), ${tied.map(figure).join(', ')}` : figure(tied[0]!);
    const after = next ? `${tied.length > 1 ? '; next' : ', ahead of'} ${figure(next)}` : '';
    return `${what}: ${winners} JSON's speed${after}${missing}`;
  },
  'not-measured': ({ what, transport, why }) =>
    `${what === 'smallest' ? `Smallest ${TRANSPORT_WORDS[transport]}` : `Fastest to ${what} ${TRANSPORT_WORDS[transport]}`}: not measured, ${missingText(why)}`,
  'round-trips': ({ rows }) =>
    rows.length === 0
      ? 'Every round trip is exact'
      : `Not exact round trips: ${rows.map(({ entry, status, differences }) => `${entry.name} (${status}${status === 'lossy' ? `, ${plural(differences, 'difference')}` : ''})`).join(', ')}`,
  remnants: ({ rows }) =>
    rows.length === 0
      ? 'No codec leaves remnants'
      : `Leave remnants: ${rows.map(({ entry, remnants, places }) => `${entry.name} (${plural(remnants, 'remnant')}, ${plural(places, 'place')})`).join(', ')}`,
  'dictionary-effect': ({ entry, raw, zstdAlone, withDictionary, dictionaryBytes, trainedOn, gzipAlone }) => {
    const saved = (bytes: number) => `${Math.round((1 - bytes / raw) * 100)}%`;
    return `${entry.name} per held-out message: ${formatBytes(raw)}, zstd alone ${formatBytes(zstdAlone)} (−${saved(zstdAlone)}), with a ${formatBytes(dictionaryBytes)} dictionary trained on ${trainedOn.toLocaleString('en-US')} earlier messages ${formatBytes(withDictionary)} (−${saved(withDictionary)}); gzip alone ${formatBytes(gzipAlone)}`;
  },
  'dictionary-not-measured': ({ reason }) => `zstd dictionary: not measured (${reason})`,
  link: ({ bitsPerSecond, entry, perSecond, wire, limitedBy, bytesPerMessage }) => {
    const label = linkSpeedLabel(bitsPerSecond);
    if (!entry) return `At ${label}: not computed`;
    const limit = limitedBy === 'link' ? `the link is the limit at ${formatBytes(bytesPerMessage)} per message` : `limited by ${limitedBy} on one core`;
    return `Most messages at ${label}: ${entry.name}, ${messageRate(perSecond)} sent ${WIRE_TEXT[wire]} (${limit})`;
  },
};

function leaderOf(entries: readonly SpeedEntry[]): SpeedEntry {
  return entries.reduce((best, entry) => (entry.value > best.value ? entry : best));
}

const PRIORITY_WORDS: Record<Priority, string> = { size: 'for size', speed: 'for speed', fidelity: 'for fidelity', 'no-schema': 'without a schema' };

/** "avsc 0.06× (needs a schema)"; several tied: "avsc or protobufjs 0.06× (tied; need a schema)". */
function choiceText(entries: readonly PickEntry[], figure: (entry: PickEntry) => string): string {
  if (entries.length === 1) return `${entries[0]!.name}${lossy(entries[0]!)} ${figure(entries[0]!)} (${schemaTag(entries[0]!)})`;
  return `${entries.map((entry) => `${entry.name}${lossy(entry)} ${figure(entry)}`).join(' or ')} (tied, not told apart)`;
}

const bytesFigure = (entry: PickEntry, first: boolean) => `${ratio(entry.ratio)}${first ? ' JSON' : ''}`;
const speedFigure = (entry: PickEntry) =>
  entry.speed ? `${formatSpeedup(entry.speed.value)} JSON's speed, ${ratio(entry.ratio)} its bytes` : `${ratio(entry.ratio)} JSON's bytes`;

type PickWords = { [C in keyof PickFigures]: (figures: PickFigures[C]) => string };

export const PICK_WORDS: PickWords = {
  chosen: ({ priority, transport, entries, notRanked, runnerUp, alone }) => {
    const speed = priority === 'speed';
    // The size pick names JSON once, in what the compression alone gives before it.
    const figure = speed ? speedFigure : (entry: PickEntry) => bytesFigure(entry, !(priority === 'size' && alone));
    const runner = runnerUp ? `; ${runnerUp.name} ${speed ? speedFigure(runnerUp) : ratio(runnerUp.ratio)} (no schema)` : '';
    const base = alone ? `${ALONE_WORDS[transport]}: ${ratio(alone.ratio)} JSON; ` : '';
    if (notRanked) {
      const leader = [...entries].sort((a, b) => (speed ? (b.speed?.value ?? 0) - (a.speed?.value ?? 0) : a.bytes - b.bytes))[0]!;
      return `${capital(`${TRANSPORT_WORDS[transport]}, ${PRIORITY_WORDS[priority]}`)}: no single pick, ${entries.length} codecs cannot be told apart (${entries.map((entry) => entry.name).join(', ')}; ${speed ? 'highest median' : 'smallest'}: ${leader.name} ${figure(leader)})${runner}.`;
    }
    if (entries.length === 1 && entries[0]!.codec === 'json') {
      return `${capital(base)}${PRIORITY_WORDS[priority]} JSON itself is the pick: no codec does better ${TRANSPORT_WORDS[transport]}${runner}.`;
    }
    if (priority === 'size' && alone) return `${capital(base)}with ${choiceText(entries, figure)}${runner}.`;
    const lead =
      priority === 'speed'
        ? `${capital(TRANSPORT_WORDS[transport])}, fastest end to end`
        : `${capital(TRANSPORT_WORDS[transport])}, ${PRIORITY_WORDS[priority]}`;
    return `${lead}: ${choiceText(entries, figure)}${runner}${alone ? `; ${ALONE_WORDS[transport]}: ${ratio(alone.ratio)} JSON` : ''}.`;
  },
  none: ({ priority, transport }) => `${capital(TRANSPORT_WORDS[transport])}, ${PRIORITY_WORDS[priority]}: no codec qualifies in this run.`,
  'not-measured': ({ priority, transport, why }) => `${capital(TRANSPORT_WORDS[transport])}, ${PRIORITY_WORDS[priority]}: not measured, ${missingText(why)}.`,
};

type CaveatWords = { [C in CaveatCode]: (figures: CaveatFigures[C]) => string };

export const CAVEAT_WORDS: CaveatWords = {
  rounds: ({ rounds, mixed }) => {
    const meaning =
      rounds >= 3
        ? `intervals where a re-run's median is expected (${RERUN_INTERVAL_PERCENT}%)`
        : rounds === 2
          ? 'with 2 rounds an interval is their range, not a prediction'
          : 'from 1 round there is no interval, so no tie can be seen: a re-run may order them differently';
    return `Speed figures: the median of ${plural(rounds, 'round')}${mixed ? ' (rows with other counts say theirs)' : ''}; ${meaning}.`;
  },
  'machine-busy': ({ busyShare }) => `The machine was busy ${formatPercent(busyShare)} of the run: every speed figure is unreliable (sizes are not).`,
  'not-completed': ({ names }) => `Not ranked (did not complete): ${names.join(', ')}.`,
  'held-out': ({ from, messages, heldOut }) =>
    `Compressed sizes are means over held-out messages ${(from + 1).toLocaleString('en-US')}–${(from + messages).toLocaleString('en-US')} of the stream (${messages.toLocaleString('en-US')} of ${heldOut.toLocaleString('en-US')} held out), never ones a dictionary was trained on.`,
  'compression-first-round': () => "End-to-end speed per message adds compression times from the first round to every round's codec times.",
  'dictionary-load': () =>
    'With the dictionary, compression and decompression times include loading it on every call (the zstd build used has no call that prepares it once): a sender that prepares it once is faster.',
};

export interface VerdictText {
  /** Said once above the verdict. */
  caveats: string[];
  pick: string;
  lines: { id: string; code: LineCode; text: string }[];
}

export interface WordingOptions {
  /** Caveats the edge already shows in its own words (the machine's load, above the table). */
  omit?: readonly CaveatCode[];
}

export function verdictText(verdict: Verdict, options: WordingOptions = {}): VerdictText {
  const runRounds = verdict.caveats.find((caveat) => caveat.code === 'rounds')?.figures.rounds ?? 1;
  const line = <C extends LineCode>(code: C, figures: LineFigures[C]) => LINE_WORDS[code](figures, runRounds);
  const pick = <C extends keyof PickFigures>(code: C, figures: PickFigures[C]) => PICK_WORDS[code](figures);
  const caveat = <C extends CaveatCode>(code: C, figures: CaveatFigures[C]) => CAVEAT_WORDS[code](figures);
  return {
    caveats: verdict.caveats.filter((entry) => !options.omit?.includes(entry.code)).map((entry) => caveat(entry.code, entry.figures as never)),
    pick: pick(verdict.pick.code, verdict.pick.figures as never),
    lines: verdict.lines.map((entry) => ({ id: entry.id, code: entry.code, text: line(entry.code, entry.figures as never) })),
  };
}
