/** How each operation was sampled, as the CLI, the panel and the Markdown export say it. */
import type { MeasurementSettings } from './results';

export function samplingText(settings: Pick<MeasurementSettings, 'minSamples' | 'warmupMs'>): string {
  const warmup = settings.warmupMs === undefined ? '' : `, each warmed ${settings.warmupMs} ms`;
  return `≥ ${settings.minSamples} samples per operation${warmup}`;
}
