/**
 * What a cell of the schema-change matrix found, in full (its readings: refused, values read
 * as other values with examples, dropped, defaults, equal; where the rules and the data
 * disagree), and a rule's finding with buttons that open the lines it is about in each
 * version. DOM only, built from the report's plain data.
 */
import type { CellReading, EvolutionCell, EvolutionFormat, JsonValue, PairLabels, RuleFinding, ValueExample } from '../../src/shared/evolution';
import { button, el } from '../common/dom';
import { formatCount, formatNumber } from '../../src/shared/format';
import { cellSummary, direction } from './schema-change-model';

const plural = (count: number, word: string) => `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;

/** What a cell's detail needs of the run: during it, the versions it started with; once finished, the report's pairs too. */
export interface DetailContext {
  format: EvolutionFormat;
  libraryName: string;
  versions: ReadonlyArray<{ label: string }>;
  pairs: readonly PairLabels[];
}

/** The engine's reasons end without a stop; a fix follows them. */
function sentence(text: string): string {
  return text.replace(/[.\s]*$/, '.');
}

function json(value: JsonValue): string {
  // A JsonValue always has a JSON text (none is undefined, a function or a symbol).
  return JSON.stringify(value);
}

/** A button that opens `version` at a line (the view's listener sends it to the host). */
export function schemaLink(report: Pick<DetailContext, 'versions'>, version: number, position: { line: number; column: number }): HTMLButtonElement {
  const label = report.versions[version]?.label ?? `v${version + 1}`;
  return button(`${label} ${position.line}:${position.column}`, 'schema-link', {
    'data-version': String(version),
    'data-line': String(position.line),
    'data-column': String(position.column),
    'aria-label': `Open the ${label} version at line ${position.line}, column ${position.column}`,
  });
}

/** A rule a change fails: its name, what it says, its fix, and links to both versions' lines. */
export function findingItem(report: Pick<DetailContext, 'versions'>, older: number, newer: number, finding: RuleFinding): HTMLLIElement {
  const links = [finding.older && schemaLink(report, older, finding.older), finding.newer && schemaLink(report, newer, finding.newer)];
  const categories = finding.categories && finding.categories.length > 0 ? ` [${finding.categories.join(', ')}]` : '';
  return el('li', { className: 'schema-finding', attrs: { 'data-rule': finding.rule } }, [
    el('code', { className: 'finding-rule', text: finding.rule }),
    el('span', { text: ` ${sentence(finding.message)}${categories}` }),
    finding.fix ? el('span', { className: 'finding-fix', text: ` Fix: ${finding.fix}` }) : null,
    links.some(Boolean) ? el('span', { className: 'finding-links' }, links) : null,
  ]);
}

function examplesTable(examples: readonly ValueExample[]): HTMLTableElement {
  return el('table', { className: 'schema-examples' }, [
    el('thead', {}, [
      el(
        'tr',
        {},
        ['where', 'written', 'read'].map((title) => el('th', { text: title, attrs: { scope: 'col' } })),
      ),
    ]),
    el(
      'tbody',
      {},
      examples.map((example) =>
        el('tr', {}, [
          el('th', { text: `record ${example.record} ${example.path}`, attrs: { scope: 'row' } }),
          el('td', { className: 'example-written', text: json(example.written) }),
          el('td', { className: 'example-read', text: example.absent ? 'nothing' : json(example.read) }),
        ]),
      ),
    ),
  ]);
}

function readingTitle(context: DetailContext, cell: EvolutionCell, reading: CellReading): string {
  const library =
    context.format === 'avro'
      ? reading.mode === 'resolver'
        ? 'avsc through createResolver'
        : "avsc with the reader's type alone"
      : `${context.libraryName} decode`;
  const needed = cell.readings.length > 1 && reading.mode === cell.needs.mode ? ' (the reading you need)' : '';
  return `${library}${needed}: ${plural(reading.decoded, 'record')} of ${formatNumber(reading.records)} decoded`;
}

function readingParts(reading: CellReading): HTMLElement[] {
  const parts: HTMLElement[] = [];
  const refused = reading.refused;
  if (refused) {
    const where =
      refused.record === null
        ? 'before reading any record (making the resolver)'
        : `first at record ${refused.record}${refused.recordPreview ? ` ${refused.recordPreview}` : ''}`;
    parts.push(
      el('div', { className: 'reading-refused', attrs: { 'data-finding': 'refused' } }, [
        el('p', { text: `Refused ${formatNumber(refused.count)} of ${formatCount(reading.records, 'record')}: "${refused.message}", ${where}.` }),
        refused.reason ? el('p', { text: `Why: ${sentence(refused.reason)}` }) : null,
        refused.fix ? el('p', { className: 'finding-fix', text: `Fix: ${refused.fix}` }) : null,
      ]),
    );
  }
  for (const item of reading.reinterpreted) {
    parts.push(
      el('div', { className: 'reading-reinterpreted', attrs: { 'data-finding': 'reinterpreted', 'data-path': item.path } }, [
        el('p', {}, [el('code', { text: item.path }), ` ${plural(item.count, 'value')} read as other values: ${item.reason}`]),
        item.examples.length > 0 ? examplesTable(item.examples) : null,
      ]),
    );
  }
  if (reading.dropped.values > 0) {
    const reencode = reading.dropped.reencode;
    const option = reencode?.withOption ? `; with ${reencode.withOption.option}: ${reencode.withOption.kept ? 'kept' : 'lost'}` : '';
    parts.push(
      el('div', { className: 'reading-dropped', attrs: { 'data-finding': 'dropped' } }, [
        el('p', { text: `Dropped ${plural(reading.dropped.values, 'value')} the reader does not know:` }),
        el(
          'ul',
          { className: 'detail-list' },
          reading.dropped.paths.map((entry) => el('li', {}, [el('code', { text: entry.path }), ` ${plural(entry.count, 'value')}`])),
        ),
        reencode
          ? el('p', { text: `Written back by the reader: ${reencode.kept ? 'kept' : 'lost'}${option} (checked on ${plural(reencode.records, 'record')}).` })
          : null,
      ]),
    );
  }
  if (reading.defaults.length > 0) {
    parts.push(
      el('div', { className: 'reading-defaults', attrs: { 'data-finding': 'defaults' } }, [
        el('p', { text: 'Defaults filled in where the writer wrote nothing:' }),
        el(
          'ul',
          { className: 'detail-list' },
          reading.defaults.map((entry) => el('li', {}, [el('code', { text: entry.path }), ` = ${json(entry.value)} (${plural(entry.count, 'value')})`])),
        ),
      ]),
    );
  }
  // A reading refused before any record compared nothing: "0 of 0 equal" would say nothing.
  if (reading.compared > 0 || !refused)
    parts.push(
      el('p', { className: 'reading-equal', text: `${reading.equal.toLocaleString('en-US')} of ${plural(reading.compared, 'value')} read back equal.` }),
    );
  return parts;
}

/** The cell's detail: its title, each reading (the needed one first), disagreements, the direction's rules. */
export function cellDetail(context: DetailContext, cell: EvolutionCell): HTMLElement[] {
  const way = direction(cell);
  const label = (index: number) => context.versions[index]?.label ?? `v${index + 1}`;
  const title = el('h3', {
    className: 'schema-detail-title',
    text: `${label(cell.writer)} data, ${label(cell.reader)} reader${way ? ` (${way})` : ''}: ${cellSummary(cell)}`,
  });
  const readings = [...cell.readings].sort((a, b) => Number(b.mode === cell.needs.mode) - Number(a.mode === cell.needs.mode));
  const parts: HTMLElement[] = [title];
  if (cell.readings.length > 1) parts.push(el('p', { className: 'section-note', text: `Reading: ${cell.needs.why}.` }));
  for (const reading of readings) {
    parts.push(
      el('section', { className: 'schema-reading', attrs: { 'data-mode': reading.mode } }, [
        el('h4', { text: readingTitle(context, cell, reading) }),
        ...readingParts(reading),
      ]),
    );
  }
  if (cell.disagreements.length > 0) {
    parts.push(
      el(
        'ul',
        { className: 'schema-disagreements' },
        cell.disagreements.map((note) => el('li', { text: note })),
      ),
    );
  }
  const pair = context.pairs.find((each) => each.older === Math.min(cell.writer, cell.reader) && each.newer === Math.max(cell.writer, cell.reader));
  if (pair && way) {
    const rules = [...(way === 'BACKWARD' ? pair.registry.backward : pair.registry.forward), ...(pair.buf?.findings ?? [])];
    parts.push(
      rules.length > 0
        ? el('div', { className: 'schema-cell-rules' }, [
            el('h4', { text: `The rules for this direction (${way}${pair.buf ? ' and buf breaking' : ''}): the lines that changed` }),
            el(
              'ul',
              { className: 'schema-findings' },
              rules.map((finding) => findingItem(context, pair.older, pair.newer, finding)),
            ),
          ])
        : el('p', { className: 'section-note', text: `No Schema Registry ${way} rule${pair.buf ? ' and no buf breaking rule' : ''} fails for this change.` }),
    );
  }
  return parts;
}
