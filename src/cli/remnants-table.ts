/**
 * `compare --remnants`: the remnant matrix (codecs × kinds, each cell the number of objects or
 * values affected), a legend of the kinds that occur, then each codec's remnants with paths.
 * Only kinds that occur get a column: twelve columns would not fit a terminal.
 */
import { remnantMatrix } from '../analysis/matrix';
import { REMNANT_KIND_INFO } from '../shared/remnant-kinds';
import type { ComparisonReport, RemnantKind, RemnantMatrixCell } from '../shared/results';

const CODEC_WIDTH = 11;
const CELL_WIDTH = 9;
const LISTED_PER_CODEC = 12;

function compactCount(count: number): string {
  if (count < 10_000) return count.toLocaleString('en-US');
  if (count < 1_000_000) return `${Math.round(count / 1_000)}k`;
  return `${(count / 1_000_000).toFixed(1)}M`;
}

function cellText(cell: RemnantMatrixCell | undefined): string {
  if (cell === undefined) return '·';
  // A capped list knows how many more remnants there are, not how many values they touch.
  return `${compactCount(cell.occurrences)}${cell.partial ? '+' : ''}`;
}

export function remnantsSection(report: ComparisonReport): string {
  const matrix = report.remnantMatrix ?? remnantMatrix(report.results);
  const shown: RemnantKind[] = matrix.kinds.filter((kind) => matrix.rows.some((row) => row.cells[kind] !== undefined));
  const lines = ['', 'Remnants: what each decoded value carries that JSON.parse would not have built.'];
  const unanalysed = report.results.filter((result) => result.status !== 'completed');
  if (shown.length === 0) {
    lines.push(
      unanalysed.length === report.results.length ? 'None found: no codec completed its round trip.' : 'None: every completed codec decoded plain data.',
    );
  } else {
    lines.push('Cells count the objects or values affected (· none, + more beyond the listed remnants).', '');
    lines.push(['codec'.padEnd(CODEC_WIDTH), ...shown.map((kind) => REMNANT_KIND_INFO[kind].short.padStart(CELL_WIDTH))].join(' '));
    lines.push(['─'.repeat(CODEC_WIDTH), ...shown.map(() => '─'.repeat(CELL_WIDTH))].join(' '));
    for (const row of matrix.rows) {
      const cells = row.status === 'completed' ? shown.map((kind) => cellText(row.cells[kind]).padStart(CELL_WIDTH)) : [`(${row.status}: not analysed)`];
      lines.push([row.codec.padEnd(CODEC_WIDTH), ...cells].join(' ').trimEnd());
    }
    lines.push('');
    for (const kind of shown)
      lines.push(`${REMNANT_KIND_INFO[kind].short.padEnd(CELL_WIDTH)}  ${REMNANT_KIND_INFO[kind].title}: ${REMNANT_KIND_INFO[kind].meaning}`);
  }
  // A library that refused or failed the sample has no decoded value to look at: say which and why.
  if (unanalysed.length > 0) lines.push('', 'Not analysed (no decoded value to look at):');
  for (const result of unanalysed) {
    lines.push(`  ${result.codec}: ${result.status} at ${result.error.stage}: ${result.error.message}`);
  }
  for (const result of report.results) {
    if (result.status !== 'completed' || result.remnants.length === 0) continue;
    lines.push('', `${result.codec}:`);
    for (const remnant of result.remnants.slice(0, LISTED_PER_CODEC)) {
      lines.push(`  ${remnant.path}  ${remnant.kind}: ${remnant.detail}`);
    }
    const more = result.remnants.length - LISTED_PER_CODEC;
    if (more > 0) lines.push(`  … ${more} more (--json lists them all)`);
  }
  return lines.join('\n');
}
