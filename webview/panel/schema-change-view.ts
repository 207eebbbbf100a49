/**
 * Check Schema Change's section of the panel: the two versions and where each came from, the
 * matrix (each version's data read by each version's reader; a cell's verdict in words, its
 * colour only adding severity), a cell's paths and examples below it when pressed, and per
 * pair of versions the labels: the Schema Registry's mode from the rules, the mode the data
 * shows, the verdict needing both ("the data wins" where they disagree), buf breaking's
 * categories, and each finding with buttons that open its lines in either version. Cells and
 * links are buttons: everything is reachable from the keyboard.
 */
import { uniqueId } from '../common/ids';
import type { CellVerdict, EvolutionReport, PairLabels, ReadingMode, RegistryMode } from '../../src/shared/evolution';
import { describeOrigin, type SchemaChangeProblem, type SchemaChangeStarted } from '../../src/shared/schema-change-events';
import { button, el } from '../common/dom';
import { type Disposable, DisposableStore, listen } from '../common/dispose';
import { showRunSection } from './run-section';
import { cellDetail, findingItem, schemaLink } from './schema-change-details';
import { cellAt, cellSummary, direction, readingVerdict, type SchemaChangeModel } from './schema-change-model';

export interface SchemaChangeActions {
  cancelSchemaChange(): void;
  openSchemaVersion(runId: number, version: number, line: number, column: number): void;
}

const VERDICT_WORDS: Record<CellVerdict, string> = {
  refused: 'refused',
  reinterpreted: 'reinterpreted',
  dropped: 'dropped',
  defaults: 'defaults',
  equal: 'equal',
};

/** avsc's two readings, as the cell names them (protobufjs has one, named by the view's header). */
const READING_WORDS: Record<ReadingMode, string> = {
  decode: 'no resolver',
  resolver: 'resolver',
};

export class SchemaChangeView implements Disposable {
  readonly element: HTMLElement;
  private readonly title = el('h2', { className: 'section-title schema-change-title', attrs: { id: uniqueId('schema-change-title') } });
  private readonly stopButton = button('Stop', 'action secondary', {
    'data-action': 'cancel-schema-change',
    title: 'Stop the schema change check (its worker is stopped)',
  });
  private readonly status = el('p', { className: 'schema-change-status', attrs: { role: 'status' } });
  private readonly progressBar = el('progress', { className: 'schema-change-progress', attrs: { 'aria-label': 'Records read' } });
  private readonly problems = el('ul', { className: 'schema-change-problems' });
  private readonly versions = el('dl', { className: 'schema-change-versions' });
  private readonly about = el('div', { className: 'schema-change-about' });
  private readonly matrix = el('table', { className: 'schema-change-matrix' });
  private readonly matrixBlock = el('div', { className: 'schema-change-matrix-block' }, [this.matrix]);
  private readonly detail = el('div', { className: 'schema-change-detail', attrs: { id: uniqueId('schema-change-detail'), 'aria-live': 'polite' } });
  private readonly pairs = el('div', { className: 'schema-change-pairs' });
  private readonly notes = el('ul', { className: 'schema-change-notes section-note' });
  private readonly listeners = new DisposableStore();
  private model: SchemaChangeModel | null = null;
  private selected: { writer: number; reader: number } | null = null;

  constructor(private readonly actions: SchemaChangeActions) {
    this.element = el('section', { className: 'schema-change-view', attrs: { 'aria-labelledby': this.title.id } }, [
      el('div', { className: 'schema-change-heading' }, [this.title, this.stopButton]),
      this.status,
      this.progressBar,
      this.problems,
      this.versions,
      this.about,
      this.matrixBlock,
      this.detail,
      this.pairs,
      this.notes,
    ]);
    this.element.hidden = true;
    this.listeners.add(listen(this.stopButton, 'click', () => actions.cancelSchemaChange()));
    this.listeners.add(listen(this.element, 'click', (event) => this.clicked(event.target as Element)));
  }

  render(model: SchemaChangeModel | null): void {
    if (model?.runId !== this.model?.runId) this.selected = null;
    this.model = model;
    if (!showRunSection(this.element, model)) return;
    const { started } = model;
    this.title.textContent = `Schema change: ${started.schemaName}${started.typeName ? ` (${started.format === 'proto' ? 'message' : 'type'} ${started.typeName})` : ''}`;
    this.stopButton.hidden = model.phase !== 'running';
    this.status.textContent = statusText(model);
    this.status.className = `schema-change-status ${model.phase}`;
    this.showBar(model);
    this.problems.replaceChildren(...model.problems.map((problem) => problemItem(model, problem)));
    this.problems.hidden = model.problems.length === 0;
    // A run that ended before any cell has no matrix to show: its status (and problems) say why.
    const matrixShown = model.phase === 'running' || model.cells.length > 0;
    this.matrixBlock.hidden = !matrixShown;
    this.detail.hidden = !matrixShown;
    this.versions.replaceChildren(...versionItems(started));
    this.about.replaceChildren(...aboutParts(model));
    this.renderMatrix(model);
    this.renderDetail(model);
    const report = model.report;
    this.pairs.replaceChildren(...(report ? report.pairs.map((pair) => pairSection(report, pair)) : []));
    this.notes.replaceChildren(...(report?.notes ?? []).map((note) => el('li', { text: note })));
  }

  /** Progress changes the status line only; the matrix waits for whole cells. */
  showProgress(model: SchemaChangeModel): void {
    this.model = model;
    this.status.textContent = statusText(model);
    this.showBar(model);
  }

  private showBar(model: SchemaChangeModel): void {
    const progress = model.progress;
    this.progressBar.hidden = model.phase !== 'running';
    // Indeterminate while the versions load (no total yet).
    if (progress && progress.total > 0) {
      this.progressBar.max = progress.total;
      this.progressBar.value = progress.done;
    } else {
      this.progressBar.removeAttribute('value');
    }
  }

  dispose(): void {
    this.listeners.dispose();
  }

  private clicked(target: Element): void {
    const model = this.model;
    if (!model) return;
    const link = target.closest<HTMLElement>('button.schema-link');
    if (link) {
      const number = (name: string) => Number(link.dataset[name]);
      this.actions.openSchemaVersion(model.runId, number('version'), number('line'), number('column'));
      return;
    }
    const cell = target.closest<HTMLElement>('button.schema-change-cell');
    if (!cell) return;
    this.selected = { writer: Number(cell.dataset['writer']), reader: Number(cell.dataset['reader']) };
    this.renderMatrix(model);
    this.renderDetail(model);
  }

  private renderMatrix(model: SchemaChangeModel): void {
    const focused = document.activeElement instanceof HTMLElement && this.matrix.contains(document.activeElement) ? document.activeElement.dataset : undefined;
    const versions = model.started.versions;
    const head = el('tr', {}, [el('td'), ...versions.map((version) => el('th', { text: `${version.label} reader`, attrs: { scope: 'col' } }))]);
    const rows = versions.map((writerVersion, writer) =>
      el('tr', {}, [
        el('th', { text: `${writerVersion.label} data`, attrs: { scope: 'row' } }),
        ...versions.map((_, reader) => el('td', {}, [this.cellButton(model, writer, reader)])),
      ]),
    );
    const caption = el('caption', {
      className: 'visually-hidden',
      text: "Each version's data (rows) read by each version's reader (columns); press a cell for its paths and examples",
    });
    this.matrix.replaceChildren(caption, el('thead', {}, [head]), el('tbody', {}, rows));
    if (focused?.['writer'] !== undefined) {
      this.matrix.querySelector<HTMLElement>(`button[data-writer="${focused['writer']}"][data-reader="${focused['reader']}"]`)?.focus();
    }
  }

  private cellButton(model: SchemaChangeModel, writer: number, reader: number): HTMLElement {
    const cell = cellAt(model, writer, reader);
    if (!cell) {
      const running = model.phase === 'running';
      return el('span', { className: 'schema-change-pending', text: running ? 'reading…' : 'not read' });
    }
    const selected = this.selected?.writer === writer && this.selected.reader === reader;
    const way = direction(cell);
    const needsResolver = cell.readings.length > 1 && cell.needs.mode === 'resolver';
    return el(
      'button',
      {
        className: `schema-change-cell verdict-${cell.verdict}${selected ? ' selected' : ''}`,
        attrs: {
          type: 'button',
          'data-writer': String(writer),
          'data-reader': String(reader),
          'data-verdict': cell.verdict,
          'aria-pressed': String(selected),
          'aria-controls': this.detail.id,
        },
      },
      [
        el('span', { className: 'cell-verdict', text: VERDICT_WORDS[cell.verdict] }),
        el('span', { className: 'cell-summary', text: cellSummary(cell) }),
        cell.readings.length > 1
          ? el(
              'span',
              { className: 'cell-readings' },
              cell.readings.map((reading) =>
                el('span', {
                  className: `cell-reading verdict-${readingVerdict(reading)}${reading.mode === cell.needs.mode ? ' needed' : ''}`,
                  text: `${READING_WORDS[reading.mode]}: ${VERDICT_WORDS[readingVerdict(reading)]}`,
                  attrs: { 'data-mode': reading.mode },
                }),
              ),
            )
          : null,
        way || needsResolver ? el('span', { className: 'cell-note', text: [way, needsResolver ? 'needs a resolver' : ''].filter(Boolean).join(' · ') }) : null,
        cell.disagreements.length > 0 ? el('span', { className: 'cell-note data-wins', text: 'the data wins over a rule' }) : null,
      ],
    );
  }

  private renderDetail(model: SchemaChangeModel): void {
    const cell = this.selected ? cellAt(model, this.selected.writer, this.selected.reader) : undefined;
    if (!cell) {
      this.detail.replaceChildren(el('p', { className: 'section-note', text: 'Press a cell (or focus it and press Enter) for its paths and examples.' }));
      return;
    }
    const { started, report } = model;
    const context = {
      format: started.format,
      libraryName: report?.library.name ?? (started.format === 'proto' ? 'protobufjs' : 'avsc'),
      versions: started.versions,
      pairs: report?.pairs ?? [],
    };
    this.detail.replaceChildren(...cellDetail(context, cell));
  }
}

function statusText(model: SchemaChangeModel): string {
  const progress = model.progress;
  const read = progress ? `${progress.done.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')} records read` : 'loading the versions';
  switch (model.phase) {
    case 'running':
      return `Running: ${read}…`;
    case 'finished': {
      const pair = model.report?.pairs[0];
      return pair
        ? `Finished: ${pair.mode === 'NONE' ? 'neither backward nor forward compatible' : `${pair.mode} compatible`} (the rules and the data).`
        : 'Finished.';
    }
    case 'cancelled':
      return `Cancelled: ${model.message ?? ''} (${read}).`;
    case 'failed':
      return model.problems.length > 0
        ? `The check failed: ${model.problems.length === 1 ? 'a version could not be read' : 'the versions could not be read'}.`
        : `The check failed: ${model.message ?? ''}`;
  }
}

/** A version's problem: which version, where (file:line:column), what; a link to the line when it is in the version's own text. */
function problemItem(model: SchemaChangeModel, problem: SchemaChangeProblem): HTMLElement {
  const version = problem.versionIndex === undefined ? undefined : model.started.versions[problem.versionIndex];
  const which = version ? `The ${version.label} version (${describeOrigin(version.origin)})` : 'The versions';
  return el('li', { className: 'schema-change-problem', attrs: { 'data-version': version?.label ?? '' } }, [
    el('span', { className: 'problem-which', text: `${which}: ` }),
    el('code', { className: 'problem-where', text: `${problem.path}:${problem.line}:${problem.column}` }),
    el('span', { text: ` ${problem.message}` }),
    version && problem.opens ? el('span', { className: 'finding-links' }, [schemaLink(model.started, problem.versionIndex!, problem)]) : null,
  ]);
}

function versionItems(started: SchemaChangeStarted): HTMLElement[] {
  return started.versions.flatMap((version) => [
    el('dt', { text: version.label }),
    el('dd', { title: version.location, attrs: { 'data-origin': version.origin.kind } }, [
      describeOrigin(version.origin),
      version.origin.kind === 'git'
        ? el('span', { className: 'version-path', text: ` · ${version.origin.relativePath}` })
        : el('span', { className: 'version-path', text: ` · ${version.location}` }),
    ]),
  ]);
}

function aboutParts(model: SchemaChangeModel): HTMLElement[] {
  const report = model.report;
  if (!report) return [el('p', { className: 'section-note', text: `Records: ${model.started.sampleName}.` })];
  const syntax = [...new Set(report.versions.map((version) => version.syntax).filter(Boolean))].join('/');
  const what = `${report.format === 'proto' ? 'message' : 'record'} ${report.versions[0]?.typeName ?? ''}${syntax ? `, ${syntax}` : ''}; ${report.library.name} ${report.library.version}`;
  const unfit = report.sample.perWriter.flatMap((writer, index) =>
    writer.note ? [el('li', { text: `${report.versions[index]?.label ?? ''} data: ${writer.note}` })] : [],
  );
  return [
    el('p', { className: 'section-note', text: `${what}. Records: ${report.sample.description}.` }),
    unfit.length > 0 ? el('ul', { className: 'section-note' }, unfit) : el('span'),
  ];
}

function modeWords(mode: RegistryMode): string {
  return mode === 'NONE' ? 'NONE (neither backward nor forward)' : mode;
}

function pairSection(report: EvolutionReport, pair: PairLabels): HTMLElement {
  const older = report.versions[pair.older]!.label;
  const newer = report.versions[pair.newer]!.label;
  const dataWins = pair.registry.mode !== pair.mode;
  const rows: Array<[string, string, string?]> = [
    ['Schema Registry (rules)', modeWords(pair.registry.mode)],
    ['The data', `${modeWords(pair.data.mode)}: ${older} data, ${newer} reader ${pair.data.backward}; ${newer} data, ${older} reader ${pair.data.forward}`],
    ['Verdict', `${modeWords(pair.mode)}${dataWins ? ': the data wins (a rule passes where the data does not)' : ''}`, dataWins ? 'data-wins' : undefined],
  ];
  if (pair.buf) rows.push(['buf breaking', pair.buf.breaks.length > 0 ? `breaks ${pair.buf.breaks.join(', ')}` : 'breaks no category']);
  const findings = [
    ...pair.registry.backward.map((finding) => ({ finding, group: `BACKWARD fails (${newer} reading ${older} data)` })),
    ...pair.registry.forward.map((finding) => ({ finding, group: `FORWARD fails (${older} reading ${newer} data)` })),
    ...(pair.buf?.findings ?? []).map((finding) => ({ finding, group: 'buf breaking' })),
  ];
  const groups = [...new Set(findings.map((each) => each.group))];
  return el('section', { className: 'schema-pair', attrs: { 'data-older': String(pair.older), 'data-newer': String(pair.newer), 'data-mode': pair.mode } }, [
    el('h3', { className: 'schema-pair-title', text: `${older} → ${newer}: ${pair.mode}` }),
    el(
      'dl',
      { className: 'schema-pair-labels' },
      rows.flatMap(([term, value, className]) => [el('dt', { text: term }), el('dd', { text: value, ...(className ? { className } : {}) })]),
    ),
    ...groups.flatMap((group) => [
      el('h4', { text: group }),
      el(
        'ul',
        { className: 'schema-findings' },
        findings.filter((each) => each.group === group).map((each) => findingItem(report, pair.older, pair.newer, each.finding)),
      ),
    ]),
  ]);
}
