/**
 * What a variant change re-runs, and how its rows join the previous report: pure, so the
 * panel's toggles are tested without VS Code.
 */
import { remnantMatrix } from '../analysis/matrix';
import type { ComparisonReport } from '../shared/results';
import { CODECS_AFFECTED_BY, type SchemaVariants, withDefaults } from '../shared/variants';

/** The codecs whose schema changes between two sets of choices, in a stable order. */
export function affectedCodecs(before: Partial<SchemaVariants> | undefined, after: Partial<SchemaVariants>): string[] {
  const from = withDefaults(before);
  const to = withDefaults(after);
  const codecs = new Set<string>();
  for (const key of Object.keys(to) as (keyof SchemaVariants)[]) {
    if (from[key] !== to[key]) for (const codec of CODECS_AFFECTED_BY[key]) codecs.add(codec);
  }
  return [...codecs].sort();
}

/** The previous report with the re-run codecs' rows (and the run's facts) replaced. */
export function mergeReports(previous: ComparisonReport, rerun: ComparisonReport): ComparisonReport {
  const byCodec = new Map(rerun.results.map((result) => [result.codec, result]));
  const results = previous.results.map((result) => byCodec.get(result.codec) ?? result);
  for (const result of rerun.results) if (!results.some((kept) => kept.codec === result.codec)) results.push(result);
  return { ...rerun, results, remnantMatrix: remnantMatrix(results) };
}
