/**
 * The verdict as data: what it concludes, as codes and figures, for one priority and one way the
 * bytes travel. Built once (verdict.ts, message-verdict.ts), carried as it is in `--json` and the
 * JSON export, and put into words at the edges from one table (verdict-words.ts); tests assert
 * the codes and figures. Plain data only.
 */
import type { MeasuredRuntime, RoundTripStatus } from '../shared/results';
import type { Priority } from '../shared/protocol';
import type { Transport } from '../shared/transport';
import type { LinkWire } from '../shared/messages';
import type { Interval } from './verdict-speed';
import type { Missing } from './transport-figures';

/** A row as a line names it. */
export interface VerdictEntry {
  codec: string;
  /** What the table calls the row (shared/codec-names.ts), with its runtime in a run of two. */
  name: string;
  runtime?: MeasuredRuntime;
  needsSchema: boolean;
  /** Its round trip lost data: every line that names it says so. */
  lossy: boolean;
}

export interface SizeEntry extends VerdictEntry {
  /** After the transport's compression (per message in message mode). */
  bytes: number;
  /** Over JSON's raw bytes of the same messages; null without a JSON baseline. */
  ratio: number | null;
}

export interface SpeedEntry extends VerdictEntry {
  /** JSON's end-to-end time over the row's, median over rounds. */
  value: number;
  interval: Interval;
  rounds: number;
}

export interface PickEntry extends SizeEntry {
  /** Encode and decode end to end together (√ of the two per round), where measured. */
  speed: Omit<SpeedEntry, keyof VerdictEntry> | null;
  roundTrip: RoundTripStatus;
}

export type SpeedOperation = 'encode' | 'decode';

/** Each code's figures: the table of wordings has one entry per code (verdict-words.ts). */
export interface LineFigures {
  /** The fewest bytes after the transport's compression; `json`: JSON's own with it. */
  smallest: { transport: Transport; winners: SizeEntry[]; json: SizeEntry | null };
  /** Message mode: the fewest bytes with the format's leanest framing added. */
  'smallest-framed': { winners: SizeEntry[]; json: SizeEntry | null };
  /** `all`: so many rows overlap the leader that nothing is ranked; `unmeasured`: rows without the figure. */
  fastest: {
    transport: Transport;
    operation: SpeedOperation;
    tied: SpeedEntry[];
    next: SpeedEntry | null;
    outside: SpeedEntry[];
    all: boolean;
    unmeasured: { entries: VerdictEntry[]; why: Missing } | null;
  };
  'not-measured': { what: 'smallest' | SpeedOperation; transport: Transport; why: Missing };
  'round-trips': { rows: { entry: VerdictEntry; status: RoundTripStatus; differences: number }[] };
  remnants: { rows: { entry: VerdictEntry; remnants: number; places: number }[] };
  /** Message mode: what the dictionary does to JSON's (or the first row's) held-out messages. */
  'dictionary-effect': {
    entry: VerdictEntry;
    raw: number;
    zstdAlone: number;
    withDictionary: number;
    dictionaryBytes: number;
    trainedOn: number;
    gzipAlone: number;
  };
  'dictionary-not-measured': { reason: string };
  /** Message mode: the most messages per second at a link speed, on the row's best wire. */
  link: {
    bitsPerSecond: number;
    entry: VerdictEntry | null;
    perSecond: number;
    wire: LinkWire;
    limitedBy: 'link' | 'encode' | 'decode';
    bytesPerMessage: number;
  };
}

export type LineCode = keyof LineFigures;

export type VerdictLine = { [C in LineCode]: { id: string; code: C; figures: LineFigures[C] } }[LineCode];

export interface PickFigures {
  chosen: {
    priority: Priority;
    transport: Transport;
    entries: PickEntry[];
    tied: boolean;
    notRanked: boolean;
    runnerUp: PickEntry | null;
    alone: SizeEntry | null;
  };
  none: { priority: Priority; transport: Transport };
  'not-measured': { priority: Priority; transport: Transport; why: Missing };
}

export type VerdictPick = { [C in keyof PickFigures]: { code: C; figures: PickFigures[C] } }[keyof PickFigures];

/** What applies to the whole run, said once above the verdict. */
export interface CaveatFigures {
  /** Speed figures rest on this many rounds (most rows'; a line names rows with other counts). */
  rounds: { rounds: number; mixed: boolean };
  'machine-busy': { busyShare: number };
  'not-completed': { names: string[] };
  /** Message mode: compressed sizes are means over held-out messages. */
  'held-out': { from: number; messages: number; heldOut: number };
  /** Message mode: compression times come from the first round only. */
  'compression-first-round': Record<string, never>;
  /** Message mode: dictionary compression times include loading it on every call. */
  'dictionary-load': Record<string, never>;
}

export type CaveatCode = keyof CaveatFigures;

export type VerdictCaveat = { [C in CaveatCode]: { code: C; figures: CaveatFigures[C] } }[CaveatCode];

export interface Verdict {
  priority: Priority;
  transport: Transport;
  /** A stream of messages: every figure per message. */
  perMessage: boolean;
  pick: VerdictPick;
  lines: VerdictLine[];
  caveats: VerdictCaveat[];
}
