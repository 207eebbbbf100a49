/**
 * The verdict of a message-mode run ("per message, …"), from the same rows the table shows: the
 * smallest message alone, with its format's framing, compressed alone, with the stream's zstd
 * dictionary and in batches; the fastest per message (the document verdict's speed claims, whose
 * speed-ups are the same per message); and what each link speed sustains. Where the stream's
 * figures differ from one document's (a dictionary favours formats that repeat their keys), so
 * does this verdict. Pure (no DOM, no Node): the CLI, the export and later the panel use it.
 */
import type { ComparisonReport } from '../shared/results';
import { linkSpeedLabel, type LinkFigure, type LinkWire } from '../shared/messages';
import type { MessageRow } from './messages-sections';
import { formatBytes } from '../shared/format';
import { computeVerdict, fidelityClass, rowNamer, sizeClaim, type Priority, type Verdict, type VerdictClaim, type VerdictContext } from './verdict';
import type { RowName } from './verdict-speed';


export const WIRE_TEXT: Record<LinkWire, string> = { plain: 'as encoded', zstd: 'zstd alone', 'zstd-dictionary': 'zstd with the dictionary' };

export const messageRate = (perSecond: number) => `${Math.round(perSecond).toLocaleString('en-US')} messages/s`;

/** The smallest framing a format is sent with in practice (0 for self-delimiting values). */
export function leanestFraming(row: MessageRow): number {
  return Math.min(...row.messages.framing.map((framing) => framing.bytesPerMessage));
}

const withDictionary = (row: MessageRow) => (row.messages.dictionary.status === 'measured' ? row.messages.dictionary.withDictionary.mean : null);

/** `report`: a report, or what the panel holds of one (its rows and the stream it read). */
export function computeMessageVerdict(report: { results: ComparisonReport['results']; input: Pick<ComparisonReport['input'], 'jsonBytes'> }, priority: Priority, run: VerdictContext = {}): Verdict {
  const rows = report.results.filter((row): row is MessageRow => row.status === 'completed' && row.messages !== undefined);
  const name = rowNamer(report.results);
  const base = computeVerdict(report.results, report.input.jsonBytes, priority, run);
  const json = rows.find((row) => row.codec === 'json');
  const jsonFigure = (pick: (row: MessageRow) => number | null) => (json ? pick(json) : null);
  const baseClaim = (id: string, what: string): VerdictClaim[] => base.claims.filter((claim) => claim.id === id).map((claim) => ({ ...claim, text: claim.text.replace(/^[^:]*/, what) }));
  const claims: VerdictClaim[] = [
    sizeClaim('smallest', 'Smallest message', rows, (row) => row.bytes, report.input.jsonBytes, 'JSON', name),
    sizeClaim('smallest-framed', "Smallest with its format's leanest framing", rows, (row) => (row as MessageRow).bytes + leanestFraming(row as MessageRow), jsonFigure((row) => row.bytes + leanestFraming(row)), 'JSON framed', name),
    sizeClaim('smallest-zstd', 'Smallest with zstd, each message alone', rows, (row) => row.compressed.zstd, jsonFigure((row) => row.compressed.zstd), 'JSON with zstd', name),
    sizeClaim('smallest-dictionary', 'Smallest with zstd and a trained dictionary', rows, (row) => withDictionary(row as MessageRow), jsonFigure(withDictionary), 'JSON with it', name),
    ...dictionaryEffect(rows, name),
    ...baseClaim('fastest-encode', 'Fastest to encode, per message'),
    ...baseClaim('fastest-decode', 'Fastest to decode, per message'),
    ...linkClaims(rows, name),
    ...base.claims.filter((claim) => claim.id === 'not-exact' || claim.id === 'remnants'),
  ];
  return { pick: pickClaim(rows, priority, base.pick, name), claims, notes: [...base.notes, ...measuredOn(rows), ...dictionaryTimeNote(rows)] };
}

/** Where a link figure with the dictionary is held back by the CPU, whose compression time includes loading the dictionary on every call. */
function dictionaryTimeNote(rows: readonly MessageRow[]): string[] {
  const cpuBound = rows.some((row) => row.messages.link?.figures.some((figure) => figure.wire === 'zstd-dictionary' && figure.limitedBy !== 'link'));
  return cpuBound ? ['With the dictionary, compression and decompression times include loading it on every call (the zstd build used has no call that prepares it once): where they limit a rate, a sender that prepares the dictionary once sends more.'] : [];
}

/** What the dictionary does to JSON's messages (or the first row's, without JSON). */
function dictionaryEffect(rows: readonly MessageRow[], name: RowName): VerdictClaim[] {
  const row = rows.find((candidate) => candidate.codec === 'json') ?? rows[0];
  if (!row) return [];
  const { dictionary, compression } = row.messages;
  if (dictionary.status !== 'measured') return [{ id: 'dictionary-effect', codecs: [], tied: false, text: `zstd dictionary: not measured (${dictionary.reason})` }];
  const saved = (bytes: number) => `${Math.round((1 - bytes / dictionary.raw) * 100)}%`;
  return [{
    id: 'dictionary-effect',
    codecs: [row.codec],
    tied: false,
    text: `${name(row)} per held-out message: ${formatBytes(dictionary.raw)}, zstd alone ${formatBytes(dictionary.zstdAlone)} (−${saved(dictionary.zstdAlone)}), with a ${formatBytes(dictionary.bytes)} dictionary trained on ${dictionary.trainedOn.messages.toLocaleString('en-US')} earlier messages ${formatBytes(dictionary.withDictionary.mean)} (−${saved(dictionary.withDictionary.mean)}); gzip alone ${formatBytes(compression.alone.gzip)}`,
  }];
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
function linkClaims(rows: readonly MessageRow[], name: RowName): VerdictClaim[] {
  const speeds = linkSpeedsOf(rows);
  return speeds.map((bitsPerSecond) => {
    const best = rows.flatMap((row) => {
      const top = bestLinkFigure(row, bitsPerSecond);
      return top ? [{ row, figure: top }] : [];
    });
    const leader = best.reduce<(typeof best)[number] | undefined>((lead, entry) => (!lead || entry.figure.perSecond > lead.figure.perSecond ? entry : lead), undefined);
    const label = linkSpeedLabel(bitsPerSecond);
    if (!leader) return { id: `link-${bitsPerSecond}`, codecs: [], tied: false, text: `At ${label}: not computed` };
    const { figure } = leader;
    const limit = figure.limitedBy === 'link' ? `the link is the limit at ${formatBytes(figure.bytesPerMessage)} per message` : `limited by ${figure.limitedBy} on one core`;
    return {
      id: `link-${bitsPerSecond}`,
      codecs: [leader.row.codec],
      tied: false,
      text: `Most messages at ${label}: ${name(leader.row)}, ${messageRate(figure.perSecond)} sent ${WIRE_TEXT[figure.wire]} (${limit})`,
    };
  });
}

/** Size: the fewest bytes per message as a stream sends them (with the dictionary where measured); other priorities: the document verdict's pick, per message. */
function pickClaim(rows: readonly MessageRow[], priority: Priority, documentPick: VerdictClaim, name: RowName): VerdictClaim {
  if (priority !== 'size') return { ...documentPick, text: `Per message, ${documentPick.text.charAt(0).toLowerCase()}${documentPick.text.slice(1)}` };
  const keeping = rows.filter((row) => fidelityClass(row) < 2);
  const candidates = keeping.length > 0 ? keeping : [...rows];
  const sent = (row: MessageRow) => withDictionary(row) ?? row.compressed.zstd ?? row.bytes;
  const how = (row: MessageRow) => (withDictionary(row) !== null ? 'with zstd and a dictionary trained on the stream' : row.compressed.zstd !== null ? 'with zstd alone (no dictionary was measured)' : 'uncompressed');
  const best = Math.min(...candidates.map(sent));
  const chosen = candidates.filter((row) => sent(row) === best);
  if (chosen.length === 0) return { id: 'pick', codecs: [], tied: false, text: 'Per message, for size: no codec qualifies in this run' };
  const describe = (row: MessageRow) => `${name(row)} (${formatBytes(sent(row))} per message ${how(row)}; ${formatBytes(row.bytes)} uncompressed; ${row.roundTrip.status} round trip)`;
  return { id: 'pick', codecs: chosen.map((row) => row.codec), tied: chosen.length > 1, text: `Per message, for size: ${chosen.map(describe).join(' and ')}: the fewest bytes per message as the stream is sent, among codecs that keep the data` };
}

function measuredOn(rows: readonly MessageRow[]): string[] {
  const compression = rows[0]?.messages.compression;
  if (!compression) return [];
  const { from, messages } = compression.measured;
  return [`Compressed sizes are means over held-out messages ${(from + 1).toLocaleString('en-US')}–${(from + messages).toLocaleString('en-US')} of the stream (${messages.toLocaleString('en-US')} of ${compression.heldOut.toLocaleString('en-US')} held out), never ones a dictionary was trained on.`];
}
