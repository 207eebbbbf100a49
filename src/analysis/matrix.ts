/**
 * The remnant matrix: codecs × kinds of remnant, computed from a run's results, the way the
 * published "negative effects" tables lay it out but measured on this sample. Pure and free of
 * Node imports, so the webview can compute it from streamed rows as well.
 */
import { REMNANT_KINDS } from '../shared/remnant-kinds';
import type { CodecResult, Remnant, RemnantMatrix, RemnantMatrixCell, RemnantMatrixRow } from '../shared/results';
import type { SizedResult } from '../shared/sizes';

export function remnantMatrixRow(result: CodecResult): RemnantMatrixRow {
  return { codec: result.codec, label: result.label, status: result.status, cells: result.status === 'completed' ? remnantCells(result.remnants) : {} };
}

/** A row's remnants by kind (a completed row's, or a sizes-only row's). */
export function remnantCells(remnants: readonly Remnant[]): RemnantMatrixRow['cells'] {
  const cells: RemnantMatrixRow['cells'] = {};
  const cell = (kind: keyof RemnantMatrixRow['cells']): RemnantMatrixCell => (cells[kind] ??= { remnants: 0, occurrences: 0 });
  for (const remnant of remnants) {
    if (remnant.omitted !== undefined) {
      // The summary entry of a capped list: its groups are counted, their sizes are unknown.
      for (const kind of REMNANT_KINDS) {
        const left = remnant.omitted[kind];
        if (left === undefined) continue;
        const target = cell(kind);
        target.remnants += left;
        target.partial = true;
      }
      continue;
    }
    const target = cell(remnant.kind);
    target.remnants += 1;
    target.occurrences += remnant.count ?? 1;
  }
  return cells;
}

/**
 * Distinct remnants of a row, those a capped list left out included: the one count the panel,
 * the CLI table and the exports show.
 */
export function remnantCount(result: CodecResult | SizedResult): number {
  const cells = result.status === 'sized' ? remnantCells(result.remnants) : remnantMatrixRow(result).cells;
  return REMNANT_KINDS.reduce((sum, kind) => sum + (cells[kind]?.remnants ?? 0), 0);
}

export function remnantMatrix(results: readonly CodecResult[]): RemnantMatrix {
  return { kinds: [...REMNANT_KINDS], rows: results.map(remnantMatrixRow) };
}
