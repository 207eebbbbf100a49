/**
 * A row's details, opened from its codec cell: everything the cells only hint at in tooltips
 * (library, schema, compressed sizes, timing spread, each difference and remnant, the codec's
 * notes), reachable by keyboard and readable by screen readers.
 */
import { rowNotesText } from '../../src/shared/row-facts-text';
import type { CodecResult, CompletedResult, MeasurementSettings, SchemaOrigin } from '../../src/shared/results';
import { el } from '../common/dom';
import { formatBytes, formatDuration, formatRatio, formatSpeedup, formatSpread } from './format';
import { roundTripLabel } from '../../src/shared/round-trip-text';
import { describeInterop } from '../../src/shared/interop-text';
import { remnantList } from './remnants';
import { compressionTimeParts, compressionTimingMethod } from '../../src/shared/compression-text';
import { roundsStoppedText } from '../../src/shared/rounds-text';
import { lazyReadsOf, lazyTimingText } from '../../src/shared/lazy-reads-text';

const SCHEMA_ORIGIN: Record<SchemaOrigin, string> = {
  inferred: 'inferred from the sample',
  provided: 'yours, as given',
  derived: 'translated from the schema you gave in the other format',
  none: 'none needed',
};

/** The schema the codec used, folded: it can run to pages. */
function schemaEntry(result: CodecResult): (Node | string)[] {
  const origin = SCHEMA_ORIGIN[result.schema];
  if (!result.schemaText) return [origin];
  return [origin, el('details', { className: 'schema-text' }, [el('summary', { text: 'Show the schema' }), el('pre', { text: result.schemaText })])];
}

function entry(term: string, ...values: (Node | string)[]): HTMLElement[] {
  return [el('dt', { text: term }), el('dd', {}, values)];
}

function list(items: readonly { path: string; kind: string; detail: string }[], more = 0): HTMLElement {
  const rows = items.map((item) => el('li', {}, [el('code', { text: item.path }), ' ', el('span', { className: 'badge', text: item.kind }), ' ', item.detail]));
  if (more > 0) rows.push(el('li', { text: `… and ${more} more` }));
  return el('ul', { className: 'detail-list' }, rows);
}

function compressedText(bytes: number, jsonBytes: number | null): string {
  return jsonBytes ? `${formatBytes(bytes)} (${formatRatio(bytes / jsonBytes)} of JSON)` : formatBytes(bytes);
}

/**
 * `jsonBytes`: the sample's JSON size, to put compressed sizes on the ratio scale; `settings`:
 * the run's, so a row that ran out of rounds says the width its intervals missed.
 */
export function detailsContent(result: CodecResult, jsonBytes: number | null, settings: Pick<MeasurementSettings, 'adaptiveRounds'> = {}): HTMLElement {
  // Format and size first: the table folds their columns in a narrow panel.
  const entries: HTMLElement[] = [
    ...entry('Format', result.format),
    ...entry('Library', `${result.library} ${result.libraryVersion}`),
    ...entry('Schema', ...schemaEntry(result)),
  ];
  if (result.status === 'completed') {
    const { gzip, brotli, zstd } = result.compressed;
    const sizes = [`gzip ${compressedText(gzip, jsonBytes)}`, `brotli ${compressedText(brotli, jsonBytes)}`];
    if (zstd !== null) sizes.push(`zstd ${compressedText(zstd, jsonBytes)}`);
    entries.push(
      ...entry('Encoded', compressedText(result.bytes, jsonBytes)),
      ...entry('Compressed', sizes.join(' · ')),
      ...(result.compressionTiming
        ? entry(
            'Compression time',
            `${compressionTimeParts(result.compressionTiming).join(' · ')} (compress / decompress ${compressionTimingMethod(result.compressionTiming)})`,
          )
        : []),
      ...entry('Encode', formatSpread(result.encode)),
      ...entry('Decode', formatSpread(result.decode)),
      ...lazyEntries(result),
    );
    if (result.roundsStopped) entries.push(...entry('Rounds taken', roundsStoppedText(result.roundsStopped, settings)));
    if (result.rounds && result.rounds.length > 1) entries.push(...entry('Rounds', roundsTable(result)));
    if (result.unstable?.length)
      entries.push(
        ...entry(
          'Unstable',
          el(
            'ul',
            { className: 'detail-list' },
            result.unstable.map((marker) => el('li', { text: marker.reason })),
          ),
        ),
      );
    const { differences, omittedDifferences } = result.roundTrip;
    if (result.roundTrip.status === 'nulls-added') {
      entries.push(...entry('Round trip', `${roundTripLabel(result.roundTrip)}: keys the sample lacks came back as null; no value changed`));
    }
    if (result.roundTrip.status === 'nulls-absent') {
      entries.push(
        ...entry('Round trip', `${roundTripLabel(result.roundTrip)}: nulls of the sample were sent as fields left unset and came back so; no value changed`),
      );
    }
    if (differences.length > 0) entries.push(...entry('Differences', list(differences, omittedDifferences)));
    entries.push(...entry('Remnants', result.remnants.length > 0 ? remnantList(result.remnants) : 'none'));
    if (result.interop) entries.push(...entry('Readable by the reference decoder', describeInterop(result.interop)));
  } else {
    entries.push(...entry(`${result.status === 'errored' ? 'Error' : 'Skipped'} at ${result.error.stage}`, result.error.message));
  }
  // The library's cost to a web app: the table's column, folded first in a narrow panel.
  if (result.bundleBytes !== undefined) {
    const bundle = result.bundle;
    entries.push(
      ...entry(
        'Web bundle',
        `${formatBytes(result.bundleBytes)} minified and gzipped${bundle ? ` (${formatBytes(bundle.minifiedBytes)} minified; ${bundle.includes})` : ''}`,
      ),
    );
  }
  const notes = rowNotesText(result);
  if (notes.length > 0) {
    entries.push(
      ...entry(
        'Notes',
        el(
          'ul',
          { className: 'detail-list' },
          notes.map((note) => el('li', { text: note })),
        ),
      ),
    );
  }
  return el('dl', { className: 'details-grid' }, entries);
}

/**
 * A format read on access (FlatBuffers, Cap'n Proto): its two reads beside the decode, and which
 * of the three the speed-up uses.
 */
function lazyEntries(result: CompletedResult): HTMLElement[] {
  const lazy = lazyReadsOf(result);
  if (!lazy) return [];
  return [
    ...entry('Access', `${lazyTimingText(lazy.access)}: open the bytes and read every leaf, building no object`),
    ...entry('First field', `${lazyTimingText(lazy.firstField)}: open the bytes and read `, el('code', { text: lazy.firstFieldPath })),
    ...entry('Speed-up', 'Dec. vs JSON uses Decode above (to a plain object, every field read): JSON.parse builds one too, so they compare like with like'),
  ];
}

/** Each round's figures, in the order the rounds ran: what the median and range are made of. */
function roundsTable(result: CompletedResult): HTMLElement {
  const head = el(
    'tr',
    {},
    ['Round', 'Encode', 'Decode', 'Enc. vs JSON', 'Dec. vs JSON'].map((title) => el('th', { text: title, attrs: { scope: 'col' } })),
  );
  const rows = (result.rounds ?? []).map((figures) =>
    el('tr', {}, [
      el('th', { text: String(figures.round), attrs: { scope: 'row' } }),
      el('td', { className: 'num', text: formatDuration(figures.encodeMeanNs) }),
      el('td', { className: 'num', text: formatDuration(figures.decodeMeanNs) }),
      el('td', { className: 'num', text: formatSpeedup(figures.speedupVsJson?.encode) }),
      el('td', { className: 'num', text: formatSpeedup(figures.speedupVsJson?.decode) }),
    ]),
  );
  return el('table', { className: 'rounds-table' }, [el('thead', {}, [head]), el('tbody', {}, rows)]);
}
