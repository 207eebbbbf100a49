/**
 * What was measured and where: the sample (name, JSON bytes, records), the runtime (Node, V8,
 * extension version) and the measurement settings, then the run's progress or how it ended.
 */
import { describeVariants } from '../../src/shared/variants';
import { el } from '../common/dom';
import { sampleBytesText, samplePartText, sampleRecordsText } from '../../src/shared/profile-text';
import { formatBytes, formatCount } from './format';
import { adaptiveRoundsRule } from '../../src/shared/rounds-text';
import { samplingText } from '../../src/shared/sampling-text';
import { type PanelModel, inMessageMode } from './model';
import { statusText } from './run-status';

export class PanelHeader {
  readonly element: HTMLElement;
  private readonly sampleName = el('h1', { className: 'sample-name' });
  private readonly sampleFacts = el('p', { className: 'sample-facts' });
  private readonly runtime = el('p', { className: 'runtime' });
  private readonly variants = el('p', { className: 'run-variants' });
  private readonly messageMode = el('p', { className: 'run-message-mode' });
  private readonly status = el('p', { className: 'run-status', attrs: { role: 'status' } });

  constructor() {
    this.element = el('header', { className: 'panel-header' }, [
      el('div', { className: 'sample' }, [this.sampleName, this.sampleFacts]),
      this.runtime,
      this.variants,
      this.messageMode,
      this.status,
    ]);
  }

  render(model: PanelModel): void {
    const { run, sample } = model;
    this.sampleName.textContent = run?.sampleName ?? '';
    this.sampleName.title = run?.sampleLocation ?? '';
    const stream = sample?.messages;
    this.sampleFacts.textContent = stream
      ? [
          // SampleInfo.jsonBytes is a message's mean in message mode: the stream's total is its own figure.
          formatCount(stream.count, 'message'),
          `${formatBytes(stream.totalJsonBytes)} of JSON, ${formatBytes(Math.round(sample.jsonBytes))} per message on average`,
          stream.skipped.count > 0 ? `${formatCount(stream.skipped.count, 'line')} not JSON, left out` : null,
          sampleBytesText(sample),
        ]
          .filter(Boolean)
          .join(' · ')
      : sample
        ? [`${formatBytes(sample.jsonBytes)} of JSON`, samplePartText(sample) ?? sampleRecordsText(sample), sampleBytesText(sample)].join(' · ')
        : model.phase === 'running'
          ? 'Reading the sample…'
          : '';

    if (run) {
      const { runtime, settings } = run;
      const rounds = settings.rounds ?? 1;
      // Rounds that stop per codec: the most is a bound, not what each row took (its details say).
      const roundsText = settings.adaptiveRounds ? `up to ${formatCount(rounds, 'round')}` : formatCount(rounds, 'round');
      const rule = adaptiveRoundsRule(settings);
      const budget = `${roundsText} of ${settings.timeBudgetMs} ms per codec${settings.quick ? ' (quick)' : ''}, ${samplingText(settings)}${rule ? `; ${rule}` : ''}`;
      this.runtime.textContent = [
        `Node ${runtime.node}`,
        `V8 ${runtime.v8}`,
        runtime.platform,
        run.extensionVersion ? `Payload Lab ${run.extensionVersion}` : null,
        roundsText,
      ]
        .filter(Boolean)
        .join(' · ');
      this.runtime.title = `${budget}. Each round measures JSON and every codec in fresh workers, in rotated order.`;
    } else {
      this.runtime.textContent = '';
    }
    this.variants.hidden = !run?.inferredSchemas;
    this.variants.textContent = run?.inferredSchemas ? `Inferred schemas: ${describeVariants(run.variants) || 'default choices'}` : '';
    const messages = inMessageMode(model);
    this.messageMode.hidden = !messages;
    this.messageMode.textContent = messages
      ? `Message mode: each record encoded and decoded as its own message, with one schema for the stream; every figure is per message.${run?.messages?.byDefault ? ' JSON Lines files are measured as messages by default: turn off Messages to measure the records as one array.' : ''}`
      : '';
    this.status.textContent = statusText(model);
    this.status.className = `run-status ${model.phase}`;
    // Lets automation tell this run's status from the previous run's.
    this.status.dataset.runId = model.runId === null ? '' : String(model.runId);
  }
}
