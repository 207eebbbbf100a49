/** Units spelled out: bytes as B with separators, times in ns/µs/ms/s, ratios as plain numbers. */

export function formatBytes(bytes: number): string {
  return `${bytes.toLocaleString('en-US')} B`;
}

export function formatDuration(ns: number): string {
  if (!Number.isFinite(ns)) return '—';
  if (ns < 1_000) return `${ns.toFixed(0)} ns`;
  if (ns < 1_000_000) return `${(ns / 1_000).toFixed(ns < 10_000 ? 2 : 1)} µs`;
  if (ns < 1_000_000_000) return `${(ns / 1_000_000).toFixed(ns < 10_000_000 ? 2 : 1)} ms`;
  return `${(ns / 1_000_000_000).toFixed(2)} s`;
}

export function formatPercent(fraction: number): string {
  return `${(fraction * 100).toFixed(fraction < 0.1 ? 1 : 0)}%`;
}

export function formatSpeedup(speedup: number | undefined): string {
  if (speedup === undefined || !Number.isFinite(speedup)) return '—';
  return `${speedup.toFixed(speedup < 10 ? 2 : 1)}×`;
}
