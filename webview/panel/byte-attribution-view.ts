/**
 * "Where the bytes go": a stacked bar per codec, its segments the encoded bytes by category
 * (keys, strings, numbers, other values, structure), drawn to one scale on one track (every bar
 * starts at the same x, whatever its label's length) so the bars compare across codecs. Each
 * bar says its figures in words too (label and tooltip), for screen readers and for reading
 * exact numbers.
 */
import { uniqueId } from '../common/ids';
import { BYTE_CATEGORY_LABELS, BYTE_CATEGORY_MEANINGS, describeAttribution } from '../../src/shared/byte-attribution-text';
import { BYTE_CATEGORIES, type CompletedResult } from '../../src/shared/results';
import { el } from '../common/dom';
import { formatBytes } from './format';

export class ByteAttributionView {
  readonly element: HTMLElement;
  private readonly list = el('div', { className: 'byte-bars' });
  private readonly note = el('p', { className: 'section-note byte-note' });

  constructor() {
    const legend = el(
      'ul',
      { className: 'byte-legend', attrs: { 'aria-hidden': 'true' } },
      BYTE_CATEGORIES.map((category) =>
        el('li', { title: BYTE_CATEGORY_MEANINGS[category] }, [el('span', { className: `byte-swatch byte-${category}` }), BYTE_CATEGORY_LABELS[category]]),
      ),
    );
    const titleId = uniqueId('byte-attribution-title');
    this.element = el('section', { className: 'byte-attribution', attrs: { 'aria-labelledby': titleId } }, [
      el('h2', { className: 'section-title', text: 'Where the bytes go', attrs: { id: titleId } }),
      el('p', { className: 'section-note', text: 'Each codec’s encoded bytes by what they carry, to one scale. Hover a bar for its figures.' }),
      legend,
      this.list,
      this.note,
    ]);
  }

  /** `results` in the table's order. */
  render(results: readonly CompletedResult[], nameOf: (codec: string) => string = (codec) => codec): void {
    const attributed = results.filter((result) => result.byteAttribution);
    this.element.hidden = attributed.length === 0;
    if (attributed.length === 0) return;
    const scale = Math.max(...attributed.map((result) => result.bytes));
    this.list.replaceChildren(
      ...attributed.map((result) => {
        const parts = result.byteAttribution!;
        const text = `${nameOf(result.codec)}: ${formatBytes(result.bytes)}: ${describeAttribution(parts)}`;
        const bar = el('div', { className: 'byte-bar', title: text, attrs: { role: 'img', 'aria-label': text } });
        bar.style.width = `${((result.bytes / scale) * 100).toFixed(2)}%`;
        for (const category of BYTE_CATEGORIES) {
          if (parts[category] === 0) continue;
          const segment = el('span', {
            className: `byte-segment byte-${category}`,
            attrs: { 'data-category': category, 'data-bytes': String(parts[category]) },
          });
          segment.style.flexGrow = String(parts[category]);
          bar.append(segment);
        }
        // Rows lay out in the list's grid (byte-attribution.css): one label column, one track.
        return el('div', { className: 'byte-row', attrs: { 'data-codec': result.codec } }, [
          el('span', { className: 'byte-codec', text: nameOf(result.codec) }),
          el('div', { className: 'byte-track' }, [bar]),
        ]);
      }),
    );
    const missing = results.filter((result) => !result.byteAttribution).map((result) => nameOf(result.codec));
    this.note.textContent = missing.length > 0 ? `Not broken down (no walker for the format): ${missing.join(', ')}.` : '';
    this.note.hidden = missing.length === 0;
  }
}
