/**
 * How each codec's cost grows with the payload: the least-squares slope of log(time per call)
 * against log(JSON bytes) over a sweep's sizes. About 1 is linear; above 1 worse than linear
 * (a library fine at 10 KB that falls over at 50 MB). Pure.
 */
import { SUPERLINEAR_SLOPE, type GrowthSlope, type SweepSize } from '../shared/sweep';

/** Fewer points than this give no slope. */
const MIN_POINTS = 3;

/** Slope of y on x by least squares; null without MIN_POINTS points or spread in x. */
export function logLogSlope(points: ReadonlyArray<{ x: number; y: number }>): number | null {
  const valid = points.filter((point) => point.x > 0 && point.y > 0 && Number.isFinite(point.x) && Number.isFinite(point.y));
  if (valid.length < MIN_POINTS) return null;
  const xs = valid.map((point) => Math.log(point.x));
  const ys = valid.map((point) => Math.log(point.y));
  const meanX = xs.reduce((sum, x) => sum + x, 0) / xs.length;
  const meanY = ys.reduce((sum, y) => sum + y, 0) / ys.length;
  let covariance = 0;
  let variance = 0;
  for (let index = 0; index < xs.length; index++) {
    covariance += (xs[index]! - meanX) * (ys[index]! - meanY);
    variance += (xs[index]! - meanX) ** 2;
  }
  return variance > 0 ? Number((covariance / variance).toFixed(3)) : null;
}

export function growthSlopes(sizes: readonly SweepSize[]): GrowthSlope[] {
  const codecs = new Map<string, string>();
  for (const size of sizes) for (const row of size.results) codecs.set(row.codec, row.label);
  return [...codecs].map(([codec, label]) => {
    const encode: Array<{ x: number; y: number }> = [];
    const decode: Array<{ x: number; y: number }> = [];
    for (const size of sizes) {
      const row = size.results.find((candidate) => candidate.codec === codec);
      if (row?.status !== 'completed') continue;
      encode.push({ x: size.jsonBytes, y: row.encode.meanNs });
      decode.push({ x: size.jsonBytes, y: row.decode.meanNs });
    }
    const encodeSlope = logLogSlope(encode);
    const decodeSlope = logLogSlope(decode);
    return {
      codec,
      label,
      encodeSlope,
      decodeSlope,
      points: encode.length,
      superlinear: (encodeSlope ?? 0) > SUPERLINEAR_SLOPE || (decodeSlope ?? 0) > SUPERLINEAR_SLOPE,
    };
  });
}
