/**
 * The panel's actions: Re-run, Cancel (while running), Export (format, then save to a file or
 * copy to the clipboard), Open sample and Probe libraries (its results show in the probes
 * section; a new one cancels a probe run going on). Export is a request to the host: its outcome, or why
 * it failed, is shown beside the buttons.
 */
import type { ExportFormat, RequestMap } from '../../src/shared/protocol';
import { button, el } from '../common/dom';
import { type Disposable, DisposableStore, listen } from '../common/dispose';
import { inMessageMode, type PanelModel } from './model';

type ExportDestination = RequestMap['export']['params']['destination'];
type ExportOutcome = RequestMap['export']['result'];

export interface ToolbarActions {
  rerun(): void;
  cancel(): void;
  openSample(): void;
  exportReport(format: ExportFormat, destination: ExportDestination): Promise<ExportOutcome>;
  probeLibraries(): void;
  /** The Messages toggle: the sample again, as a stream of messages or as one document. */
  setMessageMode(messages: boolean): void;
}

const FORMATS: ReadonlyArray<[ExportFormat, string]> = [
  ['markdown', 'Markdown table'],
  ['csv', 'CSV'],
  ['json', 'JSON'],
];

export class Toolbar implements Disposable {
  readonly element: HTMLElement;
  private readonly rerunButton = button('Re-run', 'action primary', { 'data-action': 'rerun' });
  private readonly cancelButton = button('Cancel', 'action secondary', { 'data-action': 'cancel' });
  private readonly formatSelect = el(
    'select',
    { className: 'export-format', attrs: { 'aria-label': 'Export format' } },
    FORMATS.map(([value, text]) => el('option', { text, attrs: { value } })),
  );
  private readonly saveButton = button('Save…', 'action secondary', { 'data-action': 'export-file', title: 'Save the results to a file' });
  private readonly copyButton = button('Copy', 'action secondary', { 'data-action': 'export-clipboard', title: 'Copy the results to the clipboard' });
  private readonly openButton = button('Open sample', 'action secondary', { 'data-action': 'open-sample' });
  private readonly probeButton = button('Probe libraries', 'action secondary', {
    'data-action': 'probe-libraries',
    title: 'Run awkward inputs (a "__proto__" key, 2^53 + 1, crafted lengths…) through every codec, each in a child process',
  });
  private readonly messagesToggle = el('input', { className: 'messages-toggle', attrs: { type: 'checkbox', 'data-action': 'messages' } });
  private readonly outcome = el('span', { className: 'export-outcome', attrs: { role: 'status' } });
  private readonly listeners = new DisposableStore();
  private exporting = false;
  private canExport = false;

  constructor(private readonly actions: ToolbarActions) {
    const exportGroup = el('div', { className: 'toolbar-group', attrs: { role: 'group', 'aria-label': 'Export' } }, [
      el('span', { className: 'toolbar-label', text: 'Export', attrs: { 'aria-hidden': 'true' } }),
      this.formatSelect,
      this.saveButton,
      this.copyButton,
    ]);
    this.element = el('div', { className: 'toolbar' }, [
      el('div', { className: 'toolbar-group' }, [this.rerunButton, this.cancelButton]),
      el(
        'label',
        {
          className: 'toolbar-group messages-choice',
          title:
            'Measure each record (a JSON array\u2019s elements, a JSON Lines line) as its own message, with one schema for the stream; off: the sample as one document',
        },
        [this.messagesToggle, 'Messages'],
      ),
      exportGroup,
      el('div', { className: 'toolbar-group' }, [this.openButton, this.probeButton]),
      this.outcome,
    ]);
    this.listeners.add(listen(this.rerunButton, 'click', () => actions.rerun()));
    this.listeners.add(listen(this.cancelButton, 'click', () => actions.cancel()));
    this.listeners.add(listen(this.openButton, 'click', () => actions.openSample()));
    this.listeners.add(listen(this.probeButton, 'click', () => actions.probeLibraries()));
    this.listeners.add(
      listen(this.messagesToggle, 'change', () => {
        // The toggle shows the mode of the run on show: it turns when the host starts the run it asks for.
        const wanted = this.messagesToggle.checked;
        this.messagesToggle.checked = !wanted;
        actions.setMessageMode(wanted);
      }),
    );
    this.listeners.add(listen(this.saveButton, 'click', () => void this.export('file')));
    this.listeners.add(listen(this.copyButton, 'click', () => void this.export('clipboard')));
  }

  render(model: PanelModel): void {
    const running = model.phase === 'running';
    this.rerunButton.disabled = running || model.run === null;
    this.cancelButton.hidden = !running;
    this.openButton.disabled = model.run === null;
    this.messagesToggle.checked = inMessageMode(model);
    // A new run starts from the toggle: not while one runs.
    this.messagesToggle.disabled = running || model.run === null;
    // The host exports a finished run's report, and a stopped one's rows that arrived.
    this.canExport = model.phase === 'finished' || (model.phase === 'cancelled' && model.sample !== null && model.rows.some((row) => row.kind === 'result'));
    this.updateExportButtons();
  }

  dispose(): void {
    this.listeners.dispose();
  }

  private updateExportButtons(): void {
    const disabled = !this.canExport || this.exporting;
    this.saveButton.disabled = disabled;
    this.copyButton.disabled = disabled;
    this.formatSelect.disabled = !this.canExport;
  }

  private async export(destination: ExportDestination): Promise<void> {
    const format = this.formatSelect.value as ExportFormat;
    this.exporting = true;
    this.updateExportButtons();
    this.showOutcome('Exporting…', false);
    try {
      const result = await this.actions.exportReport(format, destination);
      if (result.outcome === 'saved') this.showOutcome(result.location ? `Saved to ${result.location}` : 'Saved', false);
      else if (result.outcome === 'copied') this.showOutcome('Copied to the clipboard', false);
      else this.showOutcome('', false);
    } catch (error) {
      this.showOutcome(`Export failed: ${error instanceof Error ? error.message : String(error)}`, true);
    } finally {
      this.exporting = false;
      this.updateExportButtons();
    }
  }

  private showOutcome(text: string, isError: boolean): void {
    this.outcome.textContent = text;
    this.outcome.classList.toggle('error', isError);
  }
}
