/**
 * A message-mode run's own figures, below the table: per codec the size of its
 * messages as a distribution (min, p50, p90, p99, max, to one scale), the messages per second
 * each sustains at each link speed with what limits it (the link, or encoding or decoding on one
 * core), and the framing and dictionary figures. Drawn with CSS boxes coloured from the theme's
 * chart variables, like "Where the bytes go"; every bar also says its figures in words (label
 * and tooltip), for screen readers and for reading exact numbers.
 */
import { uniqueId } from '../common/ids';
import type { CompletedResult } from '../../src/shared/results';
import { linkSpeedLabel, type LinkFigure } from '../../src/shared/messages';
import type { MessageRow } from '../../src/report/messages-sections';
import { bestLinkFigure, leanestFraming, linkSpeedsOf, messageRate, WIRE_TEXT } from '../../src/report/message-verdict';
import { el } from '../common/dom';
import { formatBytes, formatCount } from './format';

const LIMIT_TEXT: Record<LinkFigure['limitedBy'], string> = { link: 'the link', encode: 'encoding on one core', decode: 'decoding on one core' };

const bytes = (value: number) => formatBytes(Number(value.toFixed(1)));
const percent = (value: number, scale: number) => `${((value / scale) * 100).toFixed(2)}%`;

/** A box positioned on a track by percentages of the scale (CSSOM: the page's policy allows no inline styles). */
function placed(className: string, from: number, to: number, scale: number, attrs: Record<string, string> = {}): HTMLElement {
  const part = el('span', { className, attrs });
  part.style.left = percent(from, scale);
  part.style.width = percent(Math.max(0, to - from), scale);
  return part;
}

export class MessagesView {
  readonly element: HTMLElement;
  private readonly intro = el('p', { className: 'section-note' });
  private readonly sizes = el('div', { className: 'message-sizes' });
  private readonly rates = el('div', { className: 'message-rates' });
  private readonly figures = el('div', { className: 'message-figures' });
  private readonly dictionaryNote = el('p', { className: 'section-note message-dictionary-note' });

  constructor() {
    const legend = (items: Array<[string, string]>) =>
      el(
        'ul',
        { className: 'message-legend', attrs: { 'aria-hidden': 'true' } },
        items.map(([className, text]) => el('li', {}, [el('span', { className: `message-swatch ${className}` }), text])),
      );
    const titleId = uniqueId('messages-title');
    this.element = el('section', { className: 'messages-view', attrs: { 'aria-labelledby': titleId } }, [
      el('h2', { className: 'section-title', text: 'Per message', attrs: { id: titleId } }),
      this.intro,
      el('h3', { className: 'message-subtitle', text: 'Size of each message' }),
      legend([
        ['size-whisker', 'min–max'],
        ['size-box', 'p50–p90'],
        ['size-median', 'p50'],
        ['size-p99', 'p99'],
      ]),
      this.sizes,
      el('h3', { className: 'message-subtitle', text: 'Messages per second on a link' }),
      el('p', {
        className: 'section-note',
        text: 'Each codec on its best wire (as encoded, zstd alone, or zstd with the dictionary), one way, on one core: the lowest of the link’s rate for its bytes per message, its encode rate and its decode rate.',
      }),
      legend([
        ['limit-link', 'limited by the link'],
        ['limit-encode', 'by encoding'],
        ['limit-decode', 'by decoding'],
      ]),
      this.rates,
      el('h3', { className: 'message-subtitle', text: 'Framing and compression per message' }),
      this.figures,
      this.dictionaryNote,
    ]);
    this.element.hidden = true;
  }

  /** `results`: the completed rows in the table's order; only message-mode rows are drawn. */
  render(results: readonly CompletedResult[]): void {
    const rows = results.filter((row): row is MessageRow => row.messages !== undefined);
    this.element.hidden = rows.length === 0;
    if (rows.length === 0) return;
    const first = rows[0]!.messages;
    const { from, messages } = first.compression.measured;
    this.intro.textContent = `${formatCount(first.count, 'message')}, each encoded and decoded alone. Compressed sizes are means over held-out messages ${(from + 1).toLocaleString('en-US')}–${(from + messages).toLocaleString('en-US')}.`;
    this.sizes.replaceChildren(...sizeRows(rows));
    this.rates.replaceChildren(...rateGroups(rows));
    this.figures.replaceChildren(...rows.map(figureRow));
    this.dictionaryNote.textContent = dictionaryText(rows);
  }
}

function sizeRows(rows: readonly MessageRow[]): HTMLElement[] {
  const scale = Math.max(1, ...rows.map((row) => row.messages.sizes.max));
  return rows.map((row) => {
    const { min, p50, p90, p99, max } = row.messages.sizes;
    const text = `min ${bytes(min)} · p50 ${bytes(p50)} · p90 ${bytes(p90)} · p99 ${bytes(p99)} · max ${bytes(max)}`;
    const label = `${row.codec}: ${text}`;
    const track = el('div', { className: 'message-track', title: label, attrs: { role: 'img', 'aria-label': label } }, [
      placed('size-whisker', min, max, scale),
      placed('size-box', p50, p90, scale),
      placed('size-median', p50, p50, scale),
      placed('size-p99', p99, p99, scale),
    ]);
    return el('div', { className: 'message-row', attrs: { 'data-codec': row.codec, 'data-sizes': [min, p50, p90, p99, max].join(' ') } }, [
      el('span', { className: 'message-codec', text: row.codec }),
      el('span', { className: 'message-row-text', text }),
      track,
    ]);
  });
}

function rateGroups(rows: readonly MessageRow[]): HTMLElement[] {
  const speeds = linkSpeedsOf(rows);
  if (speeds.length === 0) return [el('p', { className: 'section-note', text: 'Not computed: no row has timings yet.' })];
  return speeds.map((bitsPerSecond) => {
    const best = rows.map((row) => ({ row, figure: bestLinkFigure(row, bitsPerSecond) }));
    const scale = Math.max(1, ...best.map(({ figure }) => figure?.perSecond ?? 0));
    const speed = linkSpeedLabel(bitsPerSecond);
    return el('figure', { className: 'message-rate-group', attrs: { 'data-link': String(bitsPerSecond) } }, [
      el('figcaption', { text: `At ${speed}` }),
      ...best.map(({ row, figure }) => {
        if (!figure)
          return el('div', { className: 'message-row', attrs: { 'data-codec': row.codec } }, [
            el('span', { className: 'message-codec', text: row.codec }),
            el('span', { className: 'message-row-text', text: 'not computed' }),
          ]);
        const text = `${messageRate(figure.perSecond)}, ${WIRE_TEXT[figure.wire]}, limited by ${LIMIT_TEXT[figure.limitedBy]}`;
        const rates = `link ${messageRate(figure.linkPerSecond)} at ${bytes(figure.bytesPerMessage)} per message · encode ${messageRate(figure.encodePerSecond)} · decode ${messageRate(figure.decodePerSecond)}`;
        const label = `${row.codec} at ${speed}: ${text} (${rates})`;
        const bar = placed(`rate-bar limit-${figure.limitedBy}`, 0, figure.perSecond, scale);
        return el(
          'div',
          {
            className: 'message-row',
            attrs: { 'data-codec': row.codec, 'data-limited-by': figure.limitedBy, 'data-wire': figure.wire, 'data-per-second': String(figure.perSecond) },
          },
          [
            el('span', { className: 'message-codec', text: row.codec }),
            el('span', { className: 'message-row-text', text, title: rates }),
            el('div', { className: 'message-track', title: label, attrs: { role: 'img', 'aria-label': label } }, [bar]),
          ],
        );
      }),
    ]);
  });
}

function figureRow(row: MessageRow): HTMLElement {
  const { framing, compression, dictionary, batches } = row.messages;
  const dictionaryText =
    dictionary.status === 'measured'
      ? `${bytes(dictionary.withDictionary.mean)} (−${Math.round((1 - dictionary.withDictionary.mean / dictionary.raw) * 100)}%; ${formatBytes(dictionary.bytes)} dictionary)`
      : 'not measured';
  const batch = batches.sizes.at(-1);
  const facts: Array<[string, string, string]> = [
    ['message', 'message', bytes(row.bytes)],
    ['framing', 'framing', framing.map((frame) => `+${bytes(frame.bytesPerMessage)} ${frame.label}`).join('; ') || 'none'],
    ['leanest', 'framed (leanest)', bytes(row.bytes + leanestFraming(row))],
    ['zstd', 'zstd alone', compression.alone.zstd === null ? 'not measured' : bytes(compression.alone.zstd)],
    ['dictionary', 'zstd + dictionary', dictionaryText],
    ...(batch
      ? [
          ['batch', `zstd, ${batch.messagesPerBatch.toLocaleString('en-US')} per batch`, batch.zstd === null ? 'not measured' : bytes(batch.zstd)] as [
            string,
            string,
            string,
          ],
        ]
      : []),
  ];
  return el('div', { className: 'message-figure-row', attrs: { 'data-codec': row.codec } }, [
    el('span', { className: 'message-codec', text: row.codec }),
    el(
      'dl',
      { className: 'message-facts' },
      facts.map(([id, term, value]) =>
        el('div', { className: 'message-fact', attrs: { 'data-fact': id } }, [el('dt', { text: term }), el('dd', { text: value })]),
      ),
    ),
  ]);
}

/** How the dictionary was trained and measured, said once (every row shares the split). */
function dictionaryText(rows: readonly MessageRow[]): string {
  const measured = rows.map((row) => row.messages.dictionary).find((dictionary) => dictionary.status === 'measured');
  if (!measured || measured.status !== 'measured') {
    const missing = rows[0]!.messages.dictionary;
    return missing.status === 'not-measured' ? `zstd dictionary: not measured (${missing.reason}).` : '';
  }
  const range = (from: number, messages: number) => `${(from + 1).toLocaleString('en-US')}–${(from + messages).toLocaleString('en-US')}`;
  return (
    `Dictionary: each codec’s own, at most ${formatBytes(measured.settings.sizeBytes)}, trained on messages ${range(measured.trainedOn.from, measured.trainedOn.messages)} ` +
    `(the first ${Math.round(measured.settings.trainShare * 100)}% of the stream is the training part) and measured on held-out messages ${range(measured.measuredOn.from, measured.measuredOn.messages)} only; ${measured.trainer}; ${measured.compressor}.`
  );
}
