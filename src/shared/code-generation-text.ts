/** The strict-CSP verdict in words, for the CLI's section and the panel's row notes. */
import type { CodeGenerationCheck } from './results';

export function codeGenerationVerdict(check: CodeGenerationCheck): string {
  if (check.status === 'fails') return `fails at ${check.error.stage}: ${check.error.message}`;
  const ratios = `encode ×${check.encodeRatio.toFixed(2)}, decode ×${check.decodeRatio.toFixed(2)} its own time, relative to JSON's`;
  return `${check.status === 'same' ? 'same speed' : 'slower'} (${ratios})`;
}
