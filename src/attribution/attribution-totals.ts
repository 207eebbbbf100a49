/** The running totals of a byte attribution, and the error a walker throws on bytes it cannot follow. */
import type { ByteAttribution } from '../shared/results';

export const emptyAttribution = (): ByteAttribution => ({ keys: 0, strings: 0, numbers: 0, other: 0, structure: 0 });

export class UnattributableError extends Error {}
