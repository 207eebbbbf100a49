/**
 * One comparison's part of the panel: header, toolbar, verdict, table, inspector and charts
 * (an entry of the history, history-view.ts). Holds no state of its own beyond the DOM:
 * `render(model)` makes it show the model. An older comparison of the history is `archived`:
 * what acts on the host's current run (Re-run, variants, Inspect, probes) is not offered there.
 */
import type { CompletedResult } from '../../src/shared/results';
import { AdviceView } from './advice-view';
import { ByteAttributionView } from './byte-attribution-view';
import { MessagesView } from './messages-view';
import { ResultCharts } from './charts';
import { chartSpeeds } from './chart-speeds';
import { el } from '../common/dom';
import { type Disposable, DisposableStore } from '../common/dispose';
import { PanelHeader } from './header';
import type { PanelModel, PendingRow } from './model';
import { ProbesView, type ProbeActions } from './probes-view';
import { RemnantMatrixView } from './remnant-matrix';
import { sortRows } from './sorting';
import { namesOfRows } from './row-names';
import { ResultsTable, type TableActions } from './table';
import { Inspector, type InspectorHost } from './inspector/inspector';
import { SchemaTools, type SchemaToolActions } from './schema-tools';
import { Toolbar, type ToolbarActions } from './toolbar';
import { chosenTransport, VerdictView, type VerdictActions } from './verdict-view';

export type PanelActions = Omit<TableActions, 'inspect'> & ToolbarActions & SchemaToolActions & ProbeActions & VerdictActions;

export class PanelView implements Disposable {
  private readonly header = new PanelHeader();
  private readonly toolbar: Toolbar;
  private readonly schemaTools: SchemaTools;
  private readonly verdict: VerdictView;
  private readonly table: ResultsTable;
  private readonly inspector: Inspector;
  /** The run whose results the inspector shows: a new run closes it (the host stops its worker). */
  private inspectedRun: number | null = null;
  private readonly charts = new ResultCharts();
  private readonly remnantMatrix = new RemnantMatrixView();
  private readonly byteAttribution = new ByteAttributionView();
  private readonly messages = new MessagesView();
  private readonly advice = new AdviceView();
  private readonly probes: ProbesView;
  /** The whole comparison: its sections, in reading order. */
  readonly element: HTMLElement;
  private readonly disposables = new DisposableStore();

  constructor(actions: PanelActions, inspectorHost: InspectorHost) {
    this.toolbar = this.disposables.add(new Toolbar(actions));
    this.schemaTools = this.disposables.add(new SchemaTools(actions));
    this.verdict = this.disposables.add(new VerdictView(actions));
    this.inspector = this.disposables.add(new Inspector(inspectorHost));
    this.table = this.disposables.add(new ResultsTable({ ...actions, inspect: (codec, label) => void this.inspector.open(codec, label) }));
    this.probes = this.disposables.add(new ProbesView(actions));
    this.disposables.add(this.charts);
    this.element = el('div', { className: 'results-view' }, [
      this.header.element,
      this.toolbar.element,
      this.schemaTools.element,
      this.verdict.element,
      this.advice.element,
      this.table.element,
      this.inspector.element,
      this.messages.element,
      this.remnantMatrix.element,
      this.byteAttribution.element,
      this.charts.element,
      this.probes.element,
    ]);
    this.toolbar.element.setAttribute('role', 'region');
    this.toolbar.element.setAttribute('aria-label', 'Actions');
    this.table.element.setAttribute('role', 'region');
    this.table.element.setAttribute('aria-label', 'Results table');
  }

  /** The sections an entry's jump list leads to, those shown now. */
  landmarks(): Array<{ name: string; element: HTMLElement }> {
    return [
      { name: 'Actions', element: this.toolbar.element },
      { name: 'Verdict', element: this.verdict.element },
      { name: 'Table', element: this.table.element },
      { name: 'Charts', element: this.charts.element },
      { name: 'Inspector', element: this.inspector.element },
    ].filter(({ element }) => !element.hidden);
  }

  render(model: PanelModel, archived = false): void {
    const idle = model.run === null;
    this.element.hidden = idle;
    this.element.classList.toggle('archived', archived);
    if (archived) this.inspector.close();
    if (idle) return;
    this.header.render(model);
    this.toolbar.render(model);
    this.schemaTools.render(model);
    this.verdict.render(model);
    this.advice.render(model);
    this.table.render(model);
    if (this.inspector.codec === undefined) this.inspectedRun = model.runId;
    else if (model.runId !== this.inspectedRun) this.inspector.close();
    this.remnantMatrix.render(model);
    this.probes.render(model);
    const completed = sortRows(model.rows, model.sort).flatMap((row) =>
      row.kind === 'result' && row.result.status === 'completed' ? [row.result as CompletedResult] : [],
    );
    const nameOf = namesOfRows(model.rows);
    this.messages.render(completed);
    this.byteAttribution.render(completed, nameOf);
    this.charts.update(
      completed,
      model.sample?.jsonBytes ?? null,
      nameOf,
      chartSpeeds(
        model.rows.flatMap((row) => (row.kind === 'result' ? [row.result] : [])),
        model.run?.settings,
        chosenTransport(model),
      ),
    );
  }

  /**
   * Shows a stage message's model when it differs from the one on the page only in that
   * codec's pending stage: the row's activity text changes in place. A run sends a stage
   * message every few hundred milliseconds; redrawing the page for each kept Chromium busy
   * beside the workers being measured. False when something else changed (render instead).
   */
  showStage(shown: PanelModel, next: PanelModel, codec: string): boolean {
    if (next.run !== shown.run || next.round !== shown.round || next.phase !== shown.phase || next.rows.length !== shown.rows.length) return false;
    let changed: PendingRow | undefined;
    for (let index = 0; index < next.rows.length; index++) {
      const before = shown.rows[index]!;
      const after = next.rows[index]!;
      if (after === before) continue;
      if (after.kind !== 'pending' || before.kind !== 'pending' || after.codec !== codec || changed) return false;
      changed = after;
    }
    return changed === undefined || this.table.showStage(changed, next.phase === 'running');
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
