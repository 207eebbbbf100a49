/**
 * A node:test reporter beside `spec` (run-suite.ts adds it): after a batch it prints the files
 * whose tests took longest, so a slow suite shows where its time goes without a second run.
 * JavaScript, not TypeScript: node:test loads reporters before `--import tsx` applies.
 * A file's time is the sum of its top-level tests' durations (they run one after another).
 *
 * @param {AsyncIterable<{ type: string, data: { nesting?: number, file?: string, details?: { duration_ms?: number } } }>} source
 */
export default async function* fileTimes(source) {
  /** @type {Map<string, number>} */
  const times = new Map();
  for await (const { type, data } of source) {
    if ((type === 'test:pass' || type === 'test:fail') && data.nesting === 0 && data.file) {
      times.set(data.file, (times.get(data.file) ?? 0) + (data.details?.duration_ms ?? 0));
    }
  }
  if (times.size === 0) return;
  const slowest = [...times].sort((a, b) => b[1] - a[1]).slice(0, 12);
  const total = [...times.values()].reduce((sum, ms) => sum + ms, 0);
  const parts = slowest.map(([file, ms]) => `${file.split('/').pop()} ${(ms / 1000).toFixed(1)} s`);
  yield `ℹ file time ${(total / 1000).toFixed(0)} s in ${times.size} files; longest: ${parts.join(', ')}\n`;
}
