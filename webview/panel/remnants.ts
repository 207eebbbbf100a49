/**
 * A row's remnants as badges (one per kind, with the number of distinct remnants) and as a
 * listing (each path and what it means). Counting goes through the analysis' own matrix row,
 * so a capped list's summary entry is counted the same way the CLI counts it.
 */
import { remnantCells, remnantMatrixRow } from '../../src/analysis/matrix';
import type { SizedResult } from '../../src/shared/sizes';
import { REMNANT_KIND_INFO, REMNANT_KINDS } from '../../src/shared/remnant-kinds';
import type { CompletedResult, Remnant } from '../../src/shared/results';
import { el } from '../common/dom';

const TOOLTIP_LINES = 12;

export function remnantBadges(result: CompletedResult | SizedResult): HTMLElement[] {
  const cells = result.status === 'sized' ? remnantCells(result.remnants) : remnantMatrixRow(result).cells;
  return REMNANT_KINDS.flatMap((kind) => {
    const cell = cells[kind];
    if (!cell) return [];
    const info = REMNANT_KIND_INFO[kind];
    const count = `${cell.remnants}${cell.partial ? '+' : ''}`;
    return [
      el('span', {
        className: `badge remnant-${kind}`,
        text: cell.remnants > 1 || cell.partial ? `${info.short} ×${count}` : info.short,
        attrs: { 'data-kind': kind },
      }),
    ];
  });
}

/** What the summary entry of a capped list left out: "12 more: prototype 10, rename 2". */
function omittedText(remnant: Remnant): string | undefined {
  if (!remnant.omitted) return undefined;
  const parts = REMNANT_KINDS.flatMap((kind) => (remnant.omitted?.[kind] ? [`${REMNANT_KIND_INFO[kind].short} ${remnant.omitted[kind]}`] : []));
  const total = Object.values(remnant.omitted).reduce((sum, n) => sum + (n ?? 0), 0);
  return `… and ${total} more: ${parts.join(', ')}`;
}

/** The cell's tooltip: one line per remnant, the first dozen. */
export function remnantTooltip(remnants: readonly Remnant[]): string {
  const listed = remnants.filter((remnant) => !remnant.omitted);
  const lines = listed.slice(0, TOOLTIP_LINES).map((remnant) => `${remnant.path} (${REMNANT_KIND_INFO[remnant.kind].short}): ${remnant.detail}`);
  if (listed.length > TOOLTIP_LINES) lines.push(`… and ${listed.length - TOOLTIP_LINES} more: open the row’s details`);
  const omitted = remnants.map(omittedText).find(Boolean);
  if (omitted) lines.push(omitted);
  return lines.join('\n');
}

/** The details' listing: every remnant with its path, kind and detail, the kind explained. */
export function remnantList(remnants: readonly Remnant[]): HTMLElement {
  const items = remnants.map((remnant) => {
    const omitted = omittedText(remnant);
    if (omitted) return el('li', { text: omitted });
    const info = REMNANT_KIND_INFO[remnant.kind];
    return el('li', {}, [
      el('code', { text: remnant.path }),
      ' ',
      el('span', { className: 'badge', text: info.short, title: `${info.title}: ${info.meaning}` }),
      ' ',
      remnant.detail,
    ]);
  });
  return el('ul', { className: 'detail-list' }, items);
}
