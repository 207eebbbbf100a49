/**
 * The verdict above the table: how busy the machine was and what the rounds mean (once, for
 * every speed figure), the pick for the chosen priority and way the bytes travel, then each line
 * with its figures (computed as data by src/report/, put into words by its one table). Shown
 * once a run has finished: a verdict on half the rows would name a winner the next row may beat.
 */
import { uniqueId } from '../common/ids';
import { PRIORITIES, type Priority } from '../../src/report/verdict';
import { reportVerdict } from '../../src/report/report-verdict';
import { verdictText } from '../../src/report/verdict-words';
import type { Verdict, VerdictLine } from '../../src/report/verdict-data';
import { describeMachineLoad } from '../../src/shared/machine-load-text';
import { DEFAULT_TRANSPORT, TRANSPORTS, type Transport } from '../../src/shared/transport';
import { el } from '../common/dom';
import { type Disposable, DisposableStore, listen } from '../common/dispose';
import { inMessageMode, type PanelModel } from './model';

export interface VerdictActions {
  setPriority(priority: Priority): void;
  setTransport(transport: Transport): void;
}

export const DEFAULT_PRIORITY: Priority = 'size';

/** The transport the verdict is for: the user's choice in the panel, else the setting the run started with. */
export const chosenTransport = (model: Pick<PanelModel, 'transport' | 'run'>): Transport => model.transport ?? model.run?.transport ?? DEFAULT_TRANSPORT;

/** The panel's verdict for its model (undefined while nothing completed), shared with the charts. */
export function panelVerdict(model: PanelModel): Verdict | undefined {
  const results = model.rows.flatMap((row) => (row.kind === 'result' ? [row.result] : []));
  const settings = model.run?.settings;
  if (!settings) return undefined;
  const messages = inMessageMode(model)
    ? (model.sample?.messages ?? { format: 'jsonl' as const, count: 0, totalJsonBytes: 0, skipped: { count: 0, first: [] } })
    : undefined;
  return reportVerdict(
    { results, settings, input: messages ? { messages } : {} },
    { priority: model.priority ?? DEFAULT_PRIORITY, transport: chosenTransport(model) },
  );
}

/** The codecs a line names as winners, and whether they are tied. */
function lineWinners(line: VerdictLine): { codecs: string[]; tied: boolean } {
  switch (line.code) {
    case 'smallest':
    case 'smallest-framed':
      return { codecs: line.figures.winners.map((entry) => entry.codec), tied: line.figures.winners.length > 1 };
    case 'fastest':
      return { codecs: line.figures.tied.map((entry) => entry.codec), tied: line.figures.tied.length > 1 };
    case 'round-trips':
    case 'remnants':
      return { codecs: line.figures.rows.map((row) => row.entry.codec), tied: false };
    case 'dictionary-effect':
      return { codecs: [line.figures.entry.codec], tied: false };
    case 'link':
      return { codecs: line.figures.entry ? [line.figures.entry.codec] : [], tied: false };
    default:
      return { codecs: [], tied: false };
  }
}

export class VerdictView implements Disposable {
  readonly element: HTMLElement;
  private readonly prioritySelect = el(
    'select',
    { className: 'priority-select', attrs: { 'aria-label': 'Priority of the pick' } },
    PRIORITIES.map((priority) => el('option', { text: priority.label, attrs: { value: priority.id } })),
  );
  private readonly transportSelect = el(
    'select',
    { className: 'transport-select', attrs: { 'aria-label': "How the bytes travel: the verdict's sizes are after this compression, its times include it" } },
    TRANSPORTS.map((transport) => el('option', { text: transport.label, attrs: { value: transport.id } })),
  );
  private readonly machineLoad = el('p', { className: 'machine-load', attrs: { role: 'note' } });
  private readonly caveats = el('p', { className: 'verdict-caveats', attrs: { role: 'note' } });
  private readonly title = el('h2', { className: 'section-title verdict-title', text: 'Verdict', attrs: { id: uniqueId('verdict-title') } });
  private readonly pick = el('p', { className: 'verdict-pick' });
  private readonly claims = el('ul', { className: 'verdict-claims' });
  private readonly waiting = el('p', { className: 'section-note', text: 'The verdict appears when the run finishes.' });
  private readonly listeners = new DisposableStore();

  constructor(actions: VerdictActions) {
    this.element = el('section', { className: 'verdict', attrs: { 'aria-labelledby': this.title.id } }, [
      el('div', { className: 'verdict-heading' }, [
        this.title,
        el('label', { className: 'variant' }, [el('span', { className: 'toolbar-label', text: 'Pick for' }), this.prioritySelect]),
        el('label', { className: 'variant' }, [el('span', { className: 'toolbar-label', text: 'Sent' }), this.transportSelect]),
      ]),
      this.machineLoad,
      this.caveats,
      this.waiting,
      this.pick,
      this.claims,
    ]);
    this.listeners.add(listen(this.prioritySelect, 'change', () => actions.setPriority(this.prioritySelect.value as Priority)));
    this.listeners.add(listen(this.transportSelect, 'change', () => actions.setTransport(this.transportSelect.value as Transport)));
  }

  render(model: PanelModel): void {
    const results = model.rows.flatMap((row) => (row.kind === 'result' ? [row.result] : []));
    const finished = model.phase === 'finished' && results.some((result) => result.status === 'completed');
    // A failed or cancelled run without results has nothing to judge.
    this.element.hidden = model.phase !== 'running' && !finished;
    this.waiting.hidden = finished;
    for (const part of [this.pick, this.claims, this.caveats]) part.hidden = !finished;
    const load = model.run?.settings.machineLoad;
    this.machineLoad.hidden = !finished || !load;
    if (finished && load) {
      const text = describeMachineLoad(load);
      const busy = load.measured && load.busy;
      this.machineLoad.textContent = `${busy ? '⚠ ' : ''}${text[0]!.toUpperCase()}${text.slice(1)}.`;
      this.machineLoad.classList.toggle('busy', busy);
    }
    const stream = inMessageMode(model);
    this.prioritySelect.disabled = !finished;
    this.transportSelect.disabled = !finished;
    // A dictionary is trained on a stream: a document has none to send with.
    const dictionary = this.transportSelect.querySelector<HTMLOptionElement>('option[value="zstd-dictionary"]')!;
    dictionary.disabled = !stream;
    dictionary.title = stream ? '' : 'a dictionary is trained on a stream of messages: message mode only';
    this.prioritySelect.value = model.priority ?? DEFAULT_PRIORITY;
    this.transportSelect.value = chosenTransport(model);
    if (!finished) return;
    this.title.textContent = stream ? 'Verdict per message' : 'Verdict';
    const verdict = panelVerdict(model);
    if (!verdict) return;
    // The machine's load is said above in its own words: the caveats leave it out.
    const text = verdictText(verdict, { omit: ['machine-busy'] });
    this.caveats.textContent = text.caveats.join(' ');
    this.caveats.hidden = text.caveats.length === 0;
    this.pick.textContent = text.pick;
    this.pick.dataset['code'] = verdict.pick.code;
    this.pick.dataset['codecs'] = verdict.pick.code === 'chosen' ? verdict.pick.figures.entries.map((entry) => entry.codec).join(' ') : '';
    this.claims.replaceChildren(
      ...verdict.lines.map((line, index) => {
        const { codecs, tied } = lineWinners(line);
        return el('li', {
          text: text.lines[index]!.text,
          attrs: { 'data-claim': line.id, 'data-code': line.code, 'data-codecs': codecs.join(' '), ...(tied ? { 'data-tied': '' } : {}) },
        });
      }),
    );
  }

  dispose(): void {
    this.listeners.dispose();
  }
}
