/**
 * What a schema change does to real data: every writer version's records read by
 * every reader version, with the libraries' own decoders, and the labels the compatibility
 * tools give the same change. Plain data only (no Node, no vscode, no DOM): the report crosses
 * a worker boundary and a webview message as it is, and `--json` prints it.
 */

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export type EvolutionFormat = 'proto' | 'avro';

/** One version of the schema, in the order given (oldest first). */
export interface SchemaVersionInfo {
  /** `old` / `new` for two versions, `v1`, `v2`… for more. */
  label: string;
  path: string;
  /** The message (protobuf) or record (Avro) whose data is compared, by full name. */
  typeName: string;
  /** `proto2`, `proto3` or `editions` for a .proto; absent for Avro. */
  syntax?: string;
}

/** Where the records each writer wrote came from. */
export interface WriterRecords {
  source: 'sample' | 'generated';
  records: number;
  /** Why the sample was not used for this writer (it does not fit its schema), with the JSON path. */
  note?: string;
}

/** A value a reader gave back differently from what the writer wrote. */
export interface ValueExample {
  /** Index of the record in its writer's records. */
  record: number;
  /** The concrete path (`$.items[3].x`). */
  path: string;
  written: JsonValue;
  /** What the reader gave back; `null` with `absent: true` when the reader has nothing there. */
  read: JsonValue;
  absent?: true;
}

export interface PathCount {
  /** A path pattern (`$.items[*].x`): list indexes and map keys are `[*]`. */
  path: string;
  /** How many values at this path (over all records). */
  count: number;
}

export interface DefaultFilled extends PathCount {
  /** The value the reader gives where the writer wrote nothing (its default). */
  value: JsonValue;
}

export interface Reinterpretation extends PathCount {
  /** Why the same bytes read differently (`int32 read as sint32: the varint is taken as zigzag`). */
  reason: string;
  /** The first few, in record order. */
  examples: ValueExample[];
}

/** Whether values dropped by a reader survive when it writes the message back (measured). */
export interface ReencodeCheck {
  /** With the library's default settings. */
  kept: boolean;
  /** The same with an option that changes it, when the library has one. */
  withOption?: { option: string; kept: boolean };
  /** Records the check ran on (those with dropped values, up to a few). */
  records: number;
}

export interface Refusal {
  /** The library's own message. */
  message: string;
  /** The first record that throws, or null when the reader refuses before any record (avsc's createResolver). */
  record: number | null;
  /** A short JSON preview of that record. */
  recordPreview?: string;
  /** Records refused (all of them when the refusal came before any record). */
  count: number;
  /** Why, from the schema rules (`field w of Item has no default and old data has no w`). */
  reason?: string;
  /** What to change to make the reading work. */
  fix?: string;
}

/** One way of reading: protobufjs `decode`; avsc `fromBuffer` with the reader's type alone, or through `createResolver`. */
export type ReadingMode = 'decode' | 'resolver';

export interface CellReading {
  mode: ReadingMode;
  records: number;
  /** Records that decoded without throwing. */
  decoded: number;
  refused?: Refusal;
  /** Values of fields the reader does not know (skipped). */
  dropped: { paths: PathCount[]; values: number; reencode?: ReencodeCheck };
  defaults: DefaultFilled[];
  reinterpreted: Reinterpretation[];
  /** Values read back equal, of `compared`. */
  equal: number;
  compared: number;
}

/** What a cell shows, worst first. */
export type CellVerdict = 'refused' | 'reinterpreted' | 'dropped' | 'defaults' | 'equal';

export interface EvolutionCell {
  /** Indexes into `versions`. */
  writer: number;
  reader: number;
  readings: CellReading[];
  /** The reading the user needs for this pair, and why (Avro: a resolver when a direct read goes wrong). */
  needs: { mode: ReadingMode; why: string };
  /** The verdict of the reading needed. */
  verdict: CellVerdict;
  /** Where the rules and the data disagree for this direction, and which one stands. */
  disagreements: string[];
}

export type BufCategory = 'FILE' | 'PACKAGE' | 'WIRE_JSON' | 'WIRE';

export interface SchemaPosition {
  line: number;
  column: number;
}

/** One rule a change fails, located in the versions' texts when possible. */
export interface RuleFinding {
  /** `FIELD_SAME_TYPE` (buf), `FIELD_SCALAR_KIND_CHANGED` (Schema Registry, protobuf), `READER_FIELD_MISSING_DEFAULT_VALUE` (Avro). */
  rule: string;
  message: string;
  /** buf: the categories the rule belongs to. */
  categories?: BufCategory[];
  /** What to change, when there is a simple fix. */
  fix?: string;
  older?: SchemaPosition;
  newer?: SchemaPosition;
}

export type RegistryMode = 'FULL' | 'BACKWARD' | 'FORWARD' | 'NONE';

/** How the data went in one direction (the reading needed, over every record). */
export type DataOutcome = 'compatible' | 'refused' | 'reinterpreted';

export interface PairLabels {
  older: number;
  newer: number;
  /** Confluent Schema Registry's rules for the format: BACKWARD = the newer reads the older's data. */
  registry: { backward: RuleFinding[]; forward: RuleFinding[]; mode: RegistryMode };
  /** `buf breaking` (protobuf only): the categories the change breaks, strictest first, and why. */
  buf?: { breaks: BufCategory[]; findings: RuleFinding[] };
  /** The same directions from the data: the newer reader on the older's records, and the reverse. */
  data: { backward: DataOutcome; forward: DataOutcome; mode: RegistryMode };
  /** Both must hold: the rules, and the data (which wins where a rule passes and the data does not). */
  mode: RegistryMode;
}

export interface TransitiveLabels {
  registry: { backwardTransitive: boolean; forwardTransitive: boolean; fullTransitive: boolean };
  data: { backwardTransitive: boolean; forwardTransitive: boolean; fullTransitive: boolean };
}

export interface EvolutionReport {
  format: EvolutionFormat;
  library: { name: string; version: string };
  versions: SchemaVersionInfo[];
  /** What the records are: the sample file, or records generated from each writer's schema. */
  sample: { description: string; perWriter: WriterRecords[] };
  /** writer × reader, row by row (writer 0 with readers 0…n-1, then writer 1…). */
  cells: EvolutionCell[];
  /** Each consecutive pair (v1→v2, v2→v3…). */
  pairs: PairLabels[];
  /** With more than two versions: each version against every earlier one. */
  transitive?: TransitiveLabels;
  /** The rules checked, by tool (see `rulesImplemented`). */
  rules: { registry: string[]; buf?: string[] };
  notes: string[];
}

/** A version that does not load, or versions that cannot be compared, located. */
export interface EvolutionProblem {
  /** Which version (`old`, `new`, `v2`); absent when the problem is between versions. */
  version?: string;
  path: string;
  line: number;
  column: number;
  message: string;
}

export type EvolutionResult = { status: 'completed'; report: EvolutionReport } | { status: 'invalid'; problems: EvolutionProblem[] };

export interface EvolutionProgress {
  /** Records read so far, over all cells, of `total`. */
  done: number;
  total: number;
  /** A cell, once all its records are read. */
  cell?: EvolutionCell;
}

/** `old → new` in the words reports use. */
export function cellTitle(report: Pick<EvolutionReport, 'versions'>, cell: Pick<EvolutionCell, 'writer' | 'reader'>): string {
  return `${report.versions[cell.writer]!.label} data, ${report.versions[cell.reader]!.label} reader`;
}

/** A reading's verdict, the worst thing it found (a cell's is its needed reading's). */
export function readingVerdict(reading: CellReading): CellVerdict {
  if (reading.refused) return 'refused';
  if (reading.reinterpreted.length > 0) return 'reinterpreted';
  if (reading.dropped.values > 0) return 'dropped';
  if (reading.defaults.length > 0) return 'defaults';
  return 'equal';
}
