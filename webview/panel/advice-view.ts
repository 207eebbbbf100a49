/**
 * Beside the verdict: what the sample is made of (its profile, from the worker that read it)
 * and the advice its figures and this run's give, each with its number (src/report/advice.ts).
 * The profile shows as soon as the sample is read; the advice once the run has finished.
 */
import { uniqueId } from '../common/ids';
import { computeAdvice } from '../../src/report/advice';
import { profileLines } from '../../src/shared/profile-text';
import { el } from '../common/dom';
import type { PanelModel } from './model';

export class AdviceView {
  readonly element: HTMLElement;
  private readonly profile = el('ul', { className: 'profile-lines' });
  private readonly advice = el('ul', { className: 'advice-list' });
  private readonly adviceTitle = el('h3', { className: 'section-title advice-title', text: 'Advice' });

  constructor() {
    const titleId = uniqueId('sample-advice-title');
    this.element = el('section', { className: 'sample-advice', attrs: { 'aria-labelledby': titleId } }, [
      el('details', { className: 'sample-profile', attrs: { open: '' } }, [
        el('summary', { className: 'section-title', text: 'The sample', attrs: { id: titleId } }),
        this.profile,
      ]),
      this.adviceTitle,
      this.advice,
    ]);
  }

  render(model: PanelModel): void {
    const lines = model.sample ? profileLines(model.sample) : [];
    this.element.hidden = lines.length === 0;
    if (lines.length === 0) return;
    this.profile.replaceChildren(...lines.map((line) => el('li', { text: line })));
    const results = model.rows.flatMap((row) => (row.kind === 'result' ? [row.result] : []));
    const advice = model.phase === 'finished' ? computeAdvice(results, model.sample!) : [];
    this.adviceTitle.hidden = advice.length === 0;
    this.advice.hidden = advice.length === 0;
    this.advice.replaceChildren(...advice.map((item) => el('li', { text: item.text, attrs: { 'data-advice': item.id } })));
  }
}
