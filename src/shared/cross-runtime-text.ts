/** The cross-runtime byte check in words, as the CLI's table and the Markdown export say it. */
import type { CrossRuntimeCheck } from './results';
import { runtimeDifferenceText } from './row-facts-text';

/** A headline, then one line per codec whose bytes differ (none when they are identical). */
export function crossRuntimeLines(check: CrossRuntimeCheck): { headline: string; differences: string[] } {
  if (check.differences.length === 0)
    return { headline: `bytes identical in Node and the browser: ${check.compared.join(', ') || 'no codec completed in both'}`, differences: [] };
  return {
    headline: 'FINDING: bytes differ between Node and the browser:',
    // A saved report's sentence already names its codec.
    differences: check.differences.map((difference) =>
      typeof difference === 'string' ? difference : `${difference.codec}: ${runtimeDifferenceText(difference)}`,
    ),
  };
}
