/**
 * One report of a run in both runtimes, built here once: the CLI's `--json`, its table and the
 * panel's Export all render this document. Node's rows come first, then the browser's, each
 * against its own JSON; the browser rows carry any byte difference from Node's as a finding, the
 * check itself is the report's `crossRuntime`, and how busy the machine was covers both runs.
 */
import type { ComparisonReport, MeasuredRuntime } from '../shared/results';
import { combineMachineLoads } from '../measurement/machine-load';
import { compareRuntimeBytes, withRuntimeDifferences } from './cross-runtime';

/** `browser`: how the browser's runtime describes itself (Chromium's version, the workers). */
export function reportOfRuntimes(reports: Partial<Record<MeasuredRuntime, ComparisonReport>>, browser?: string): ComparisonReport {
  const { node, browser: inBrowser } = reports;
  const first = node ?? inBrowser;
  if (!first) throw new Error('a run in no runtime has no report');
  const runtime = { ...first.runtime, ...(browser ? { browser } : {}) };
  if (!node || !inBrowser) return { ...first, runtime };
  const crossRuntime = compareRuntimeBytes(node.results, inBrowser.results);
  const machineLoad = combineMachineLoads([node.settings.machineLoad, inBrowser.settings.machineLoad]);
  return {
    ...node,
    settings: { ...node.settings, ...(machineLoad ? { machineLoad } : {}) },
    runtime,
    results: [...node.results, ...withRuntimeDifferences(inBrowser.results, crossRuntime)],
    crossRuntime,
  };
}
