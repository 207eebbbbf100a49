/**
 * `compare --runtimes node,browser`: the same comparison in Node worker threads and in a
 * headless Chromium's Web Workers, one after the other (never at once: they would compete for
 * the CPU), each against its own JSON. The report holds every row once per runtime
 * (engine/runtime-reports.ts builds it, as it does the panel's).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { compareSample, type CompareOptions } from '../engine/compare';
import { reportOfRuntimes } from '../engine/runtime-reports';
import { startHeadlessBrowser } from '../browser/headless-browser';
import { DEFAULT_LIMITS } from '../engine/settings';
import type { ComparisonReport, MeasuredRuntime } from '../shared/results';

export const RUNTIMES: readonly MeasuredRuntime[] = ['node', 'browser'];

export function parseRuntimes(value: string | undefined): MeasuredRuntime[] | string {
  if (value === undefined) return ['node'];
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(RUNTIMES as readonly string[]).includes(name));
  if (unknown.length > 0) return `unknown runtime: ${unknown.join(', ')} (known: ${RUNTIMES.join(', ')})`;
  if (names.length === 0) return '--runtimes takes node, browser or node,browser';
  return RUNTIMES.filter((name) => names.includes(name));
}

export async function compareInRuntimes(
  sample: { path: string; bytes?: Uint8Array },
  options: CompareOptions,
  runtimes: readonly MeasuredRuntime[],
  onRuntimeStart?: (runtime: MeasuredRuntime, description: string) => void,
): Promise<ComparisonReport> {
  const reports: Partial<Record<MeasuredRuntime, ComparisonReport>> = {};
  let browserDescription: string | undefined;
  if (runtimes.includes('node')) {
    onRuntimeStart?.('node', `Node ${process.versions.node} worker threads`);
    reports.node = await compareSample(sample, options);
  }
  if (runtimes.includes('browser')) {
    const sampleBytes = sample.bytes ?? fs.readFileSync(sample.path);
    const browser = await startHeadlessBrowser({
      sampleBytes,
      browserDir: path.join(__dirname, 'browser'),
      timeoutMs: options.timeoutMs ?? DEFAULT_LIMITS.timeoutMs,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    try {
      browserDescription = browser.description;
      onRuntimeStart?.('browser', browser.description);
      reports.browser = await compareSample(sample, { ...options, runtime: browser.runtime });
    } finally {
      await browser.close();
    }
  }
  return reportOfRuntimes(reports, browserDescription);
}
