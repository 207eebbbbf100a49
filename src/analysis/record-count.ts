/**
 * What the sample's records are, for its heading: a root array's elements (or JSON Lines'
 * lines), else one object, whose longest top-level array is said with its name, so a single
 * object holding a 10-element array reads "one object, 10 records in items", not "10 records".
 */
export interface RecordCount {
  /** Top-level record count: the root array's length, an object's longest top-level array's, or 1. */
  records: number;
  /** Set when the records are an array inside one object: that array's key. */
  recordsIn?: string;
}

export function countRecords(sample: unknown): RecordCount {
  if (Array.isArray(sample)) return { records: sample.length };
  if (typeof sample !== 'object' || sample === null) return { records: 1 };
  let found: RecordCount = { records: 1 };
  for (const [key, value] of Object.entries(sample)) {
    if (Array.isArray(value) && (found.recordsIn === undefined || value.length > found.records)) found = { records: value.length, recordsIn: key };
  }
  return found;
}
