/**
 * The decoded-output inspector's contract: what the panel asks of one codec's decoded value and
 * encoded bytes, and what comes back. The value itself stays in an inspection worker (it can be
 * 100 MB, and its prototypes and getters do not survive a postMessage); the panel asks for one
 * slice at a time. Plain data only (no Node, no vscode): it crosses worker and webview
 * boundaries.
 */
import type { CodecSource, CodegenSettings, ProvidedSchema, SampleBytes } from './codec-job';
import type { RemnantKind } from './results';
import type { SchemaVariants } from './variants';

/** One codec's decoded output for the panel's inspector, opened in an inspection worker. */
export interface DecodedOutputJob {
  codec: CodecSource;
  sample: SampleBytes;
  schema?: ProvidedSchema;
  variants?: Partial<SchemaVariants>;
  codegen?: CodegenSettings;
}

/** One step of an exact path: an object key or an array index. */
export type PathStep = string | number;

/** One side of a tree node: what the value is, in a few words. */
export interface ValueSummary {
  /** `object`, `array`, `string`, `number`, …, or the constructor's name (`Long`, `Map`, `Items`). */
  type: string;
  /** A short rendering: `"héllo"`, `42`, `Long 9007199254740993`, `{3 keys}`, `[12 items]`. */
  preview: string;
  /** Children this side has (keys, items, map entries); 0 for a scalar. */
  size: number;
}

/** A remnant found at exactly this node (the report lists them grouped by pattern path). */
export interface NodeRemnant {
  kind: RemnantKind;
  detail: string;
}

export interface TreeNode {
  steps: PathStep[];
  /** `$.items[3].name`, as the report writes paths. */
  path: string;
  /** What the row is called: the key, or `[3]`. */
  label: string;
  /** Null: this side has nothing here (a missing key, or a key only the decoded value has). */
  decoded: ValueSummary | null;
  original: ValueSummary | null;
  /** The decoded side is not what JSON.parse made of the sample (type, value, or absence). */
  differs: boolean;
  /** Children of the row: the original's keys, then keys only the decoded value has. */
  childCount: number;
  remnants: NodeRemnant[];
}

/** What the inspector can jump between: differences from the sample, or one kind of remnant. */
export type FindingFilter = 'all' | 'difference' | RemnantKind;

/** A place worth jumping to: a difference from the sample, or a remnant occurrence. */
export interface Finding {
  steps: PathStep[];
  path: string;
  kind: 'difference' | RemnantKind;
  detail: string;
}

/** How many findings of one filter there are, and how many can be jumped to. */
export interface FindingCount {
  /** Every occurrence found. */
  total: number;
  /** The first ones, in document order, that can be jumped to (the rest are counted only). */
  listed: number;
}

/** One finding and where the tree lists it: the child index at each step, for revealing it. */
export interface LocatedFinding {
  /** Its position among the filter's listed findings. */
  ordinal: number;
  finding: Finding;
  indexes: number[];
}

/** A byte range of the encoding and the part of the value it encodes. */
export interface ByteAnnotation {
  start: number;
  /** Exclusive. */
  end: number;
  /** The sample path the bytes belong to, as the report writes paths. */
  path: string;
  /**
   * `key`: a map key or field tag; `header`: a type/length prefix of a container or string;
   * `value`: a scalar's payload.
   */
  role: 'key' | 'header' | 'value';
  /** What the range is, read by a user: `field 2 "name" (string, 5 bytes)`, `map of 3`. */
  label: string;
}

export interface InspectorOpened {
  sessionId: number;
  codec: string;
  label: string;
  encodedBytes: number;
  root: TreeNode;
  /** Per filter with at least one finding (`all` first). */
  findings: Partial<Record<FindingFilter, FindingCount>>;
  /** Byte ranges can be annotated with the field or key they encode (protobuf, MessagePack, CBOR). */
  annotated: boolean;
}

export interface ChildrenPage {
  /** All children of the node. */
  total: number;
  offset: number;
  nodes: TreeNode[];
}

export interface BytesPage {
  offset: number;
  /** Bytes of the page, each 0–255 (a page is a few KiB: a plain array crosses every boundary). */
  bytes: number[];
  total: number;
  /** Ranges overlapping the page; empty where the format is not annotated. */
  annotations: ByteAnnotation[];
  /** Annotations were cut short (a page of tiny values): the list is the first ones. */
  annotationsTruncated?: boolean;
}

/** Findings listed at most per kind; the rest are counted. */
export const FINDINGS_PER_KIND_LIMIT = 20_000;
/** Children returned per request at most. */
export const CHILDREN_PAGE_LIMIT = 500;
/** Bytes per hex page at most. */
export const BYTES_PAGE_LIMIT = 64 * 1024;
/** Annotations per bytes page at most. */
export const ANNOTATIONS_PAGE_LIMIT = 20_000;
/** The whole encoding is copied up to this size; beyond it, copy a page. */
export const COPY_ALL_LIMIT = 16 * 1024 * 1024;

/** What copying an encoding (or a page of it) yields: the text and how many bytes it holds. */
export interface CopiedText {
  text: string;
  bytes: number;
}

/**
 * The questions asked of one codec's decoded output, as a method map: the inspection worker
 * answers them, and the panel asks the same ones of the host with the session they are for.
 */
export interface DecodedOutputQueries {
  'inspector-children': {
    params: { steps: PathStep[]; offset: number; limit: number };
    result: ChildrenPage;
  };
  /** The next (or previous) finding of a filter after the `from`th; null: none that way. */
  'inspector-finding': {
    params: { filter: FindingFilter; from: number | null; direction: 1 | -1 };
    result: LocatedFinding | null;
  };
  'inspector-bytes': {
    params: { offset: number; length: number };
    result: BytesPage;
  };
  'inspector-copy-text': {
    params: { encoding: 'hex' | 'base64'; range: 'all' | { offset: number; length: number } };
    result: CopiedText;
  };
}
