/**
 * A cheap check that a decode which returned gave back the scaled sample, for the limit search:
 * a deep compare of hundreds of megabytes would cost more than the decode and need a second copy
 * in the heap being measured. The records' count must match, and records spread over the array
 * (the first, the last and evenly between) must verify against the records they repeat.
 */
import { verifyRoundTrip } from '../analysis/verify';
import { describePath, type RecordsFound } from '../measurement/scale-sample';

/** How many records are compared (fewer when the array is shorter). */
export const CHECKED_RECORDS = 64;

/** Indexes of `count` records to check: the first, the last and evenly spaced between. */
export function checkedIndexes(count: number, checked = CHECKED_RECORDS): number[] {
  if (count <= checked) return Array.from({ length: count }, (_, index) => index);
  return Array.from({ length: checked }, (_, index) => Math.round((index * (count - 1)) / (checked - 1)));
}

/**
 * Why `decoded` is not the sample scaled to `count` records (the source records at
 * `source.path`, repeated in order), or null when it passes.
 */
export function checkDecodedRecords(decoded: unknown, source: RecordsFound, count: number): string | null {
  let records: unknown = decoded;
  for (const step of source.path) records = typeof records === 'object' && records !== null ? (records as Record<string | number, unknown>)[step] : undefined;
  const where = describePath(source.path);
  if (!Array.isArray(records)) return `the decoded value has no array of records at ${where}`;
  if (records.length !== count) return `decoded ${records.length} records at ${where}, expected ${count}`;
  for (const index of checkedIndexes(count)) {
    const roundTrip = verifyRoundTrip(source.records[index % source.records.length], records[index], { maxDifferences: 1 });
    if (roundTrip.status === 'failed' || roundTrip.status === 'lossy') {
      const first = roundTrip.differences[0];
      return `record ${index} at ${where} decoded differently${first ? ` ($ is the record): ${first.path} ${first.detail}` : ''}`;
    }
  }
  return null;
}
