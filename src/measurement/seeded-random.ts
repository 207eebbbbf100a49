/**
 * A seeded pseudo-random sequence: generated samples and grown sweep sizes are the same bytes on
 * every run and in every worker that builds them.
 */

/** mulberry32: small, fast, and the same sequence on every platform. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
