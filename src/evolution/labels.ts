/**
 * The compatibility modes: what the rules say, what the data says, and the verdict that needs
 * both. Where a rule passes and the data does not, the data wins and the cell says so; where a
 * rule fails and every record read the same, the sample did not exercise the change and the
 * rule stands.
 */
import type { BufCategory, CellReading, DataOutcome, EvolutionCell, PairLabels, RegistryMode, TransitiveLabels } from '../shared/evolution';
import type { PairRules } from './pair-rules';
import { formatCount, formatNumber } from '../shared/format';

const CATEGORY_ORDER: BufCategory[] = ['FILE', 'PACKAGE', 'WIRE_JSON', 'WIRE'];

export function modeOf(backward: boolean, forward: boolean): RegistryMode {
  if (backward && forward) return 'FULL';
  if (backward) return 'BACKWARD';
  return forward ? 'FORWARD' : 'NONE';
}

export function neededReading(cell: EvolutionCell): CellReading {
  return cell.readings.find((reading) => reading.mode === cell.needs.mode)!;
}

export function dataOutcome(cell: EvolutionCell): DataOutcome {
  const reading = neededReading(cell);
  if (reading.refused) return 'refused';
  return reading.reinterpreted.length > 0 ? 'reinterpreted' : 'compatible';
}

/** Rules of the ordered pair (older, newer), indexed [older][newer]. */
export type RulesTable = (PairRules | undefined)[][];

export function pairLabels(older: number, newer: number, rules: RulesTable, cells: readonly EvolutionCell[], count: number): PairLabels {
  const pair = rules[older]![newer]!;
  const cell = (writer: number, reader: number) => cells[writer * count + reader]!;
  const backward = dataOutcome(cell(older, newer));
  const forward = dataOutcome(cell(newer, older));
  const labels: PairLabels = {
    older,
    newer,
    registry: { backward: pair.backward, forward: pair.forward, mode: modeOf(pair.backward.length === 0, pair.forward.length === 0) },
    data: { backward, forward, mode: modeOf(backward === 'compatible', forward === 'compatible') },
    mode: modeOf(pair.backward.length === 0 && backward === 'compatible', pair.forward.length === 0 && forward === 'compatible'),
  };
  if (pair.buf) {
    const broken = new Set(pair.buf.flatMap((finding) => finding.categories ?? []));
    labels.buf = { breaks: CATEGORY_ORDER.filter((category) => broken.has(category)), findings: pair.buf };
  }
  return labels;
}

export function transitiveLabels(rules: RulesTable, cells: readonly EvolutionCell[], count: number): TransitiveLabels {
  let [rulesBackward, rulesForward, dataBackward, dataForward] = [true, true, true, true];
  for (let older = 0; older < count; older++) {
    for (let newer = older + 1; newer < count; newer++) {
      const pair = rules[older]![newer]!;
      rulesBackward &&= pair.backward.length === 0;
      rulesForward &&= pair.forward.length === 0;
      dataBackward &&= dataOutcome(cells[older * count + newer]!) === 'compatible';
      dataForward &&= dataOutcome(cells[newer * count + older]!) === 'compatible';
    }
  }
  return {
    registry: { backwardTransitive: rulesBackward, forwardTransitive: rulesForward, fullTransitive: rulesBackward && rulesForward },
    data: { backwardTransitive: dataBackward, forwardTransitive: dataForward, fullTransitive: dataBackward && dataForward },
  };
}

/** Says, in the cell, where the tools' rules and the data disagree for its direction. */
export function withDisagreements(cell: EvolutionCell, rules: RulesTable): EvolutionCell {
  if (cell.writer === cell.reader) return cell;
  const backward = cell.writer < cell.reader;
  const pair = rules[Math.min(cell.writer, cell.reader)]![Math.max(cell.writer, cell.reader)]!;
  const failing = backward ? pair.backward : pair.forward;
  const direction = backward ? 'BACKWARD' : 'FORWARD';
  const reading = neededReading(cell);
  const outcome = reading.refused ? 'refused' : reading.reinterpreted.length > 0 ? 'reinterpreted' : 'compatible';
  const whatHappened = reading.refused
    ? `the reader refused ${formatNumber(reading.refused.count)} of ${formatCount(reading.records, 'record')} ("${reading.refused.message}")`
    : `${reading.reinterpreted.reduce((sum, each) => sum + each.count, 0)} values were read as other values (${reading.reinterpreted
        .map((each) => each.path)
        .slice(0, 3)
        .join(', ')})`;
  const notes: string[] = [];
  if (failing.length === 0 && outcome !== 'compatible') notes.push(`the Schema Registry's ${direction} rules pass, but ${whatHappened}: the data wins`);
  const wireBreaks = pair.buf?.some((finding) => finding.categories?.includes('WIRE'));
  if (pair.buf && !wireBreaks && outcome !== 'compatible') notes.push(`buf breaking's WIRE category passes, but ${whatHappened}: the data wins`);
  if (failing.length > 0 && outcome === 'compatible') {
    const names = [...new Set(failing.map((finding) => finding.rule))].join(', ');
    notes.push(
      `the Schema Registry's ${direction} rules fail (${names}), yet none of the ${formatCount(reading.records, 'record')} was refused or read as another value (the rule guards more than this data shows, or the records did not reach the case): the rule stands`,
    );
  }
  return { ...cell, disagreements: notes };
}
