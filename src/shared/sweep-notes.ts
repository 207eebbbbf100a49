/**
 * How a sweep scaled its sample, as facts: a `code` and what it varies by, worded by
 * `sweepNoteText` for the CLI, the panel and the Markdown export alike. Part of `--json`: codes
 * and their fields are added, never renamed.
 */
export type SweepNote =
  /** Every size is the sample's first records. */
  | { code: 'first-records'; sourceRecords: number; recordsPath: string }
  /** Sizes above the sample's own add records generated from its records' profile. */
  | { code: 'fresh-records'; sourceRecords: number; recordsPath: string }
  /** ...so compression ratios there are those of data like the sample. */
  | { code: 'fresh-compression' }
  /** Sizes above the sample's own repeat its records in order. */
  | { code: 'repeated-records'; sourceRecords: number; recordsPath: string }
  /** Fresh records were asked for, and the records nest deeper than they are generated: repeated instead. */
  | GrowthFallback
  /** ...so compression ratios there are better than fresh data's would be. */
  | { code: 'repeat-compression' };

export type GrowthFallback = { code: 'nesting-too-deep'; maxDepth: number };

export function sweepNoteText(note: SweepNote): string {
  switch (note.code) {
    case 'first-records':
      return `scaled from the sample's ${records(note)}: every size takes its first records`;
    case 'fresh-records':
      return (
        `scaled from the sample's ${records(note)}: smaller sizes take the first records; larger ones add fresh records (growth: fresh), ` +
        "generated from the records' profile path by path (kinds, key presence, null and true rates, number ranges, array lengths, " +
        'string values, structure and alphabet), seeded, so every run builds the same bytes'
      );
    case 'fresh-compression':
      return "fresh records compress as varied as the sample's own: gzip, brotli and zstd ratios at the larger sizes are what data like the sample gets, not what repeats get";
    case 'repeated-records':
      return `scaled from the sample's ${records(note)}: smaller sizes take the first records, larger ones repeat them in order (growth: repeat)`;
    case 'nesting-too-deep':
      return `the records nest more than ${note.maxDepth} levels, deeper than fresh records are generated: larger sizes repeat them instead`;
    case 'repeat-compression':
      return 'repeated records favour compression: gzip, brotli and zstd ratios at the repeated sizes are better than fresh data of that size would get';
  }
}

function records(note: { sourceRecords: number; recordsPath: string }): string {
  return `${note.sourceRecords.toLocaleString('en-US')} records at ${note.recordsPath}`;
}
