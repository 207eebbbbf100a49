/**
 * Tick labels of a time axis, all in one unit: formatting each tick on its own gave "0 ns"
 * beside "500 µs" and "1.00 ms". Pure, so it is tested without a page.
 */

const UNITS = [
  { name: 's', ns: 1e9 },
  { name: 'ms', ns: 1e6 },
  { name: 'µs', ns: 1e3 },
  { name: 'ns', ns: 1 },
] as const;

/** The axis's labels: in the unit the largest tick reaches, with the fewest decimals (at most
 * 3) that show every tick exactly (axis ticks are round numbers: 0, 0.5, 1 ms). */
export function timeTickLabels(ticksNs: readonly number[]): string[] {
  const largest = Math.max(0, ...ticksNs.map(Math.abs));
  const unit = UNITS.find((candidate) => largest >= candidate.ns) ?? UNITS[UNITS.length - 1]!;
  const scaled = ticksNs.map((value) => value / unit.ns);
  const exactAt = (decimals: number) => scaled.every((value) => Math.abs(Number(value.toFixed(decimals)) - value) < 1e-9 * Math.max(1, Math.abs(value)));
  const decimals = [0, 1, 2, 3].find(exactAt) ?? 3;
  return scaled.map((value) => `${value.toFixed(decimals)} ${unit.name}`);
}
