/**
 * Folds unit results into one result per probe: a probe with several crafted inputs becomes
 * one result whose headline is its worst input, with every input listed in `cases`.
 */
import { mostSevere, sortEffects, type ProbeCase, type ProbeId, type ProbeOutcome, type ProbeResult } from '../shared/probes';
import { craftedInputsFor } from './malformed-probes';
import type { ProbeUnit, UnitResult } from './probe-units';

const VERBS: Partial<Record<ProbeOutcome, string>> = {
  crashed: 'crashed the process',
  timeout: 'timed out',
  'wrong-value': 'decoded silently',
  'clean-error': 'refused cleanly',
  polluted: 'polluted Object.prototype',
};

function single(codec: string, probe: ProbeId, unit: UnitResult): ProbeResult {
  const effects = sortEffects(unit.effects);
  const result: ProbeResult = { codec, probe, outcome: mostSevere(effects), effects, detail: unit.detail, durationMs: unit.durationMs };
  if (unit.stage !== undefined) result.stage = unit.stage;
  if (unit.pollution !== undefined) result.pollution = unit.pollution;
  if (unit.cases !== undefined) result.cases = unit.cases;
  return result;
}

function merged(codec: string, codecKey: string, probe: ProbeId, units: Array<[ProbeUnit, UnitResult]>): ProbeResult {
  const crafted = craftedInputsFor(codecKey);
  const cases: ProbeCase[] = units.map(([unit, result]) => {
    const label = unit.craftedIndex === undefined ? probe : (crafted[unit.craftedIndex]?.label ?? probe);
    return { label, outcome: mostSevere(result.effects), detail: result.detail };
  });
  const effects = sortEffects(units.flatMap(([, result]) => result.effects));
  const outcome = mostSevere(effects);
  const counts = new Map<ProbeOutcome, number>();
  for (const entry of cases) counts.set(entry.outcome, (counts.get(entry.outcome) ?? 0) + 1);
  const tally = sortEffects([...counts.keys()])
    .map((key) => `${counts.get(key)} ${VERBS[key] ?? key}`)
    .join(', ');
  const worst = cases.find((entry) => entry.outcome === outcome)!;
  const result: ProbeResult = {
    codec,
    probe,
    outcome,
    effects,
    detail: `${cases.length} crafted inputs: ${tally}. Worst: ${worst.label}: ${worst.detail}`,
    cases,
    durationMs: Math.round(units.reduce((sum, [, unit]) => sum + unit.durationMs, 0) * 10) / 10,
  };
  const stage = units.find(([, unit]) => mostSevere(unit.effects) === outcome)?.[1].stage;
  if (stage !== undefined) result.stage = stage;
  const pollution = units.flatMap(([, unit]) => unit.pollution ?? []);
  if (pollution.length > 0) result.pollution = pollution;
  return result;
}

/**
 * One result per probe whose units have all reported, in unit order. `codecKey` selects the
 * per-codec inputs (crafted labels); `codec` is the name shown.
 */
export function mergeUnitResults(codec: string, codecKey: string, units: readonly ProbeUnit[], results: ReadonlyArray<UnitResult | undefined>): ProbeResult[] {
  const byProbe = new Map<ProbeId, Array<[ProbeUnit, UnitResult | undefined]>>();
  units.forEach((unit, index) => {
    const list = byProbe.get(unit.probe) ?? [];
    list.push([unit, results[index]]);
    byProbe.set(unit.probe, list);
  });
  const collected: ProbeResult[] = [];
  for (const [probe, list] of byProbe) {
    if (list.some(([, result]) => result === undefined)) continue;
    const complete = list as Array<[ProbeUnit, UnitResult]>;
    collected.push(
      complete.length === 1 && complete[0]![0].craftedIndex === undefined ? single(codec, probe, complete[0]![1]) : merged(codec, codecKey, probe, complete),
    );
  }
  return collected;
}
