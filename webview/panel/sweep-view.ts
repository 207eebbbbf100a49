/**
 * The size sweep's section of the panel: what runs (with Cancel), the plots or a table of the
 * same numbers, growth slopes, payload limits with the heap they ran in, and Export (CSV, JSON,
 * Markdown) of what is plotted. It has its own model (sweep-model.ts) and lives beside the
 * comparison's view: a sweep and a comparison are separate runs.
 */
import { sweepNoteText } from '../../src/shared/sweep-notes';
import type { ExportFormat, RequestMap } from '../../src/shared/protocol';
import type { CodecResult } from '../../src/shared/results';
import { describeLimitFailure, formatJsonSize, formatSlope, growthVerdict, limitCells } from '../../src/shared/sweep-format';
import { breakingAfterSlashes, button, el } from '../common/dom';
import { type Disposable, DisposableStore, listen } from '../common/dispose';
import { formatDurationRange, formatRatio, formatSpeedupRange } from './format';
import { SweepCharts } from './sweep-charts';
import { seriesByCodec, type SweepModel } from './sweep-model';
import { codecNames } from '../../src/shared/codec-names';
import type { LimitProgress } from '../../src/shared/sweep-events';
import { showRunSection } from './run-section';

export interface SweepActions {
  cancelSweep(): void;
  exportSweep(format: ExportFormat, destination: 'file' | 'clipboard'): Promise<RequestMap['export-sweep']['result']>;
}

const FORMATS: ReadonlyArray<[ExportFormat, string]> = [
  ['csv', 'CSV'],
  ['json', 'JSON'],
  ['markdown', 'Markdown table'],
];

export class SweepView implements Disposable {
  readonly element: HTMLElement;
  private readonly title = el('h2', { className: 'sweep-title' });
  private readonly status = el('p', { className: 'sweep-status', attrs: { role: 'status' } });
  private readonly notes = el('ul', { className: 'sweep-notes' });
  private readonly cancelButton = button('Stop sweep', 'action secondary', { 'data-action': 'cancel-sweep' });
  private readonly plotsButton = button('Plots', 'action secondary', { 'data-action': 'sweep-plots', 'aria-pressed': 'true' });
  private readonly tableButton = button('Table', 'action secondary', { 'data-action': 'sweep-table', 'aria-pressed': 'false' });
  private readonly formatSelect = el(
    'select',
    { className: 'sweep-export-format', attrs: { 'aria-label': 'Export format of the sweep' } },
    FORMATS.map(([value, text]) => el('option', { text, attrs: { value } })),
  );
  private readonly saveButton = button('Save…', 'action secondary', { 'data-action': 'sweep-export-file' });
  private readonly copyButton = button('Copy', 'action secondary', { 'data-action': 'sweep-export-clipboard' });
  private readonly outcome = el('span', { className: 'sweep-export-outcome', attrs: { role: 'status' } });
  private readonly charts = new SweepCharts();
  private readonly table = el('div', { className: 'sweep-table-view' });
  private readonly growth = el('div', { className: 'sweep-growth' });
  private readonly limits = el('div', { className: 'sweep-limits' });
  private readonly disposables = new DisposableStore();
  private showing: 'plots' | 'table' = 'plots';
  private model: SweepModel | null = null;

  constructor(private readonly actions: SweepActions) {
    this.disposables.add(this.charts);
    const toolbar = el('div', { className: 'toolbar sweep-toolbar' }, [
      el('div', { className: 'toolbar-group', attrs: { role: 'group', 'aria-label': 'View' } }, [this.plotsButton, this.tableButton]),
      el('div', { className: 'toolbar-group', attrs: { role: 'group', 'aria-label': 'Export the sweep' } }, [
        el('span', { className: 'toolbar-label', text: 'Export', attrs: { 'aria-hidden': 'true' } }),
        this.formatSelect,
        this.saveButton,
        this.copyButton,
      ]),
      el('div', { className: 'toolbar-group' }, [this.cancelButton]),
      this.outcome,
    ]);
    this.element = el('section', { className: 'sweep-view', attrs: { 'aria-label': 'Size sweep' } }, [
      this.title,
      this.status,
      toolbar,
      this.notes,
      this.charts.element,
      this.table,
      this.growth,
      this.limits,
    ]);
    this.element.hidden = true;
    this.disposables.add(listen(this.cancelButton, 'click', () => actions.cancelSweep()));
    this.disposables.add(listen(this.plotsButton, 'click', () => this.show('plots')));
    this.disposables.add(listen(this.tableButton, 'click', () => this.show('table')));
    this.disposables.add(listen(this.saveButton, 'click', () => void this.export('file')));
    this.disposables.add(listen(this.copyButton, 'click', () => void this.export('clipboard')));
  }

  render(model: SweepModel | null): void {
    this.model = model;
    if (!showRunSection(this.element, model)) return;
    const { started } = model;
    const what = started.sweep && started.limits ? 'Size sweep and payload limits' : started.sweep ? 'Size sweep' : 'Payload limits';
    this.title.textContent = `${what}: ${started.sampleName}`;
    this.title.title = started.sampleLocation;
    this.cancelButton.hidden = model.phase !== 'running';
    // Named after what it stops: a limit search alone is no sweep.
    this.cancelButton.textContent = started.sweep ? 'Stop sweep' : 'Stop limit search';
    this.cancelButton.title = `Stop the ${started.sweep ? 'size sweep' : 'limit search'} (its workers and processes are stopped)`;
    // A stopped run exports what it had (the host keeps it): the sizes done, the limits found.
    const exportable = model.phase === 'finished' || (model.phase === 'cancelled' && (model.sizes.some((size) => size.done) || model.limits.length > 0));
    this.saveButton.disabled = !exportable;
    this.copyButton.disabled = !exportable;
    this.notes.replaceChildren(...model.notes.map((note) => el('li', { text: sweepNoteText(note) })));
    const plotted = started.sweep;
    this.plotsButton.hidden = !plotted;
    this.tableButton.hidden = !plotted;
    this.charts.element.hidden = !plotted || this.showing !== 'plots';
    this.table.hidden = !plotted || this.showing !== 'table';
    const nameOf = sweepNames(model);
    if (plotted) {
      this.charts.update(seriesByCodec(model), nameOf);
      this.table.replaceChildren(sizeTable(model, nameOf));
    }
    this.growth.replaceChildren(...(model.growth.length > 0 ? [growthTable(model, nameOf)] : []));
    this.showProgress(model);
  }

  /** Where the run is: the status line and the limits so far (the plots wait for whole rows). */
  showProgress(model: SweepModel): void {
    this.model = model;
    this.status.textContent = statusText(model);
    this.limits.replaceChildren(...(model.started.limits ? [limitsTable(model, sweepNames(model))] : []));
  }

  dispose(): void {
    this.disposables.dispose();
  }

  private show(view: 'plots' | 'table'): void {
    this.showing = view;
    this.plotsButton.setAttribute('aria-pressed', String(view === 'plots'));
    this.tableButton.setAttribute('aria-pressed', String(view === 'table'));
    this.render(this.model);
  }

  private async export(destination: 'file' | 'clipboard'): Promise<void> {
    this.outcome.textContent = '';
    try {
      const result = await this.actions.exportSweep(this.formatSelect.value as ExportFormat, destination);
      this.outcome.textContent = result.outcome === 'copied' ? 'Copied.' : result.outcome === 'saved' ? `Saved to ${result.location ?? 'the file'}.` : '';
    } catch (error) {
      this.outcome.textContent = `Export failed: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
}

function headerRow(titles: string[]): HTMLElement {
  return el('thead', {}, [
    el(
      'tr',
      {},
      titles.map((title) => el('th', { text: title, attrs: { scope: 'col' } })),
    ),
  ]);
}

type NameOf = (codec: string) => string;

/** A row's codec, named as in the plots, wrapping after a scoped library's slash where it must. */
function codecHeader(name: string): HTMLElement {
  return el('th', { attrs: { scope: 'row' } }, breakingAfterSlashes(name));
}

/** Rows named as the plots' legend names them (codec-names.ts). */
function sweepNames(model: SweepModel): NameOf {
  return codecNames(model.sizes.flatMap((size) => size.rows));
}

function rowCells(row: CodecResult, jsonBytes: number, nameOf: NameOf): string[] {
  if (row.status !== 'completed') return [nameOf(row.codec), `${row.status} at ${row.error.stage}: ${row.error.message}`, '', '', '', '', '', ''];
  const speed = row.speedupVsJson;
  return [
    nameOf(row.codec),
    formatRatio(row.ratio),
    formatRatio(row.compressed.gzip / jsonBytes),
    formatRatio(row.compressed.brotli / jsonBytes),
    formatDurationRange(row.encode.meanNs, row.encode.meanInterval),
    formatDurationRange(row.decode.meanNs, row.decode.meanInterval),
    formatSpeedupRange(speed?.encode, speed?.encodeInterval),
    formatSpeedupRange(speed?.decode, speed?.decodeInterval),
  ];
}

function sizeTable(model: SweepModel, nameOf: NameOf): HTMLElement {
  const body = el(
    'tbody',
    {},
    model.sizes.flatMap((size) =>
      size.rows.map((row) => {
        const cells = rowCells(row, size.jsonBytes, nameOf);
        return el('tr', { attrs: { 'data-json-bytes': String(size.jsonBytes), 'data-codec': row.codec } }, [
          el('th', {
            text: formatJsonSize(size.jsonBytes),
            title: `${size.jsonBytes.toLocaleString('en-US')} B of JSON, ${size.records.toLocaleString('en-US')} records${size.repeated ? ' (repeated)' : ''}`,
            attrs: { scope: 'row' },
          }),
          ...cells.map((text) => el('td', { text })),
        ]);
      }),
    ),
  );
  return el('table', { className: 'sweep-table' }, [
    headerRow(['JSON size', 'codec', 'ratio', 'gzip', 'brotli', 'encode/call', 'decode/call', 'encode vs JSON', 'decode vs JSON']),
    body,
  ]);
}

function growthTable(model: SweepModel, nameOf: NameOf): HTMLElement {
  return el('table', { className: 'sweep-growth-table' }, [
    el('caption', { text: 'Growth: slope of log time against log size (1 = linear; ▲ worse than linear)' }),
    // The sizes a slope is fitted on go with its verdict: a column of their own left too
    // little room for a codec's name and four figures in a 326 px panel.
    headerRow(['codec', 'encode', 'decode', '']),
    el(
      'tbody',
      {},
      model.growth.map((slope) =>
        el('tr', { className: slope.superlinear ? 'superlinear' : '', attrs: { 'data-codec': slope.codec } }, [
          codecHeader(nameOf(slope.codec)),
          el('td', { text: formatSlope(slope.encodeSlope) }),
          el('td', { text: formatSlope(slope.decodeSlope) }),
          el('td', { text: `${growthVerdict(slope)} (${slope.points} ${slope.points === 1 ? 'size' : 'sizes'})` }),
        ]),
      ),
    ),
  ]);
}

function statusText(model: SweepModel): string {
  const { started, phase } = model;
  const done = model.sizes.filter((size) => size.done).length;
  const counts = [
    started.sweep ? `${done} of ${model.sizes.length || '…'} sizes` : '',
    started.limits ? `${model.limits.length} of ${started.codecs.length} limits` : '',
  ]
    .filter(Boolean)
    .join(', ');
  if (phase === 'finished') return `Finished: ${counts}.`;
  if (phase === 'running') return `Running: ${counts}…${where(model)}`;
  // Said once: the host's words tell what was stopped or what went wrong.
  const stopped = model.searching.map((search) => `${search.codec} stopped at step ${search.step}`);
  return `${phase === 'cancelled' ? 'Cancelled' : 'Failed'}: ${model.message ?? ''} (${[counts, ...stopped].join('; ')})`;
}

/** What runs now: the size and stage of a codec's worker, or each codec's limit search. */
function where(model: SweepModel): string {
  const size = model.sizeProgress;
  if (size) return ` size ${size.sizeIndex + 1}: ${size.codec} ${size.stage}, round ${size.round} of ${size.rounds}`;
  const trying = model.searching.flatMap((search) =>
    search.tryingJsonBytes === null ? [] : [`${search.codec} trying ${formatJsonSize(search.tryingJsonBytes)} (step ${search.step})`],
  );
  return trying.length > 0 ? ` ${trying.join(', ')}` : '';
}

/** A codec whose search is going on or was stopped: what held so far is a lower bound of its limit. */
function searchingCells(search: LimitProgress, running: boolean): string[] {
  const bound = (bytes: number | null) => (bytes === null ? '—' : `≥ ${formatJsonSize(bytes)}${running ? ' so far' : ' (stopped)'}`);
  const trying = search.tryingJsonBytes === null ? '' : `, trying ${formatJsonSize(search.tryingJsonBytes)}`;
  return [
    bound(search.encodedJsonBytes),
    bound(search.decodedJsonBytes),
    running ? `searching: step ${search.step}${trying}` : `stopped at step ${search.step}${trying}`,
  ];
}

function limitsTable(model: SweepModel, nameOf: NameOf): HTMLElement {
  const settings = model.limitSettings;
  const cap = settings?.capJsonBytes ?? model.started.capJsonBytes ?? 0;
  const heap = settings?.heapMb ?? model.started.heapMb ?? null;
  const observed = settings?.observedHeapLimitMb;
  const heapText = `${heap === null ? "Node's default heap" : `a ${heap} MB heap`}${observed ? ` (V8 reports ${observed} MB)` : ''}`;
  return el('table', { className: 'sweep-limits-table' }, [
    el('caption', { text: `Payload limits: each size in a process of its own with ${heapText}; cap ${formatJsonSize(cap)}` }),
    headerRow(['codec', 'encode max', 'decode max', 'failure']),
    el('tbody', {}, [
      ...model.limits.map((limit) => {
        const cells = limitCells(limit, cap);
        return el('tr', { attrs: { 'data-codec': limit.codec } }, [
          codecHeader(nameOf(limit.codec)),
          el('td', { text: cells.encode }),
          el('td', { text: cells.decode }),
          el('td', { text: describeLimitFailure(limit.failure), title: limit.failure?.message ?? '' }),
        ]);
      }),
      ...model.searching.map((search) =>
        el('tr', { className: 'limit-searching', attrs: { 'data-codec': search.codec, 'data-step': String(search.step) } }, [
          codecHeader(nameOf(search.codec)),
          ...searchingCells(search, model.phase === 'running').map((text) => el('td', { text })),
        ]),
      ),
    ]),
  ]);
}
