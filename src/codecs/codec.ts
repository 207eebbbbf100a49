/**
 * One interface for every serialization library. A codec module is loaded only inside its
 * worker, so its library is never evaluated in the extension host or beside another codec.
 */
import type { FormatSemantics, SchemaDefaultAt, SchemaEnumAt } from '../analysis/semantics';
import type { InteropResult, RowNote, SchemaOrigin } from '../shared/results';
import type { SchemaVariants } from '../shared/variants';
import type { ProvidedSchema, CodegenSettings } from '../shared/codec-job';
export type { ProvidedSchema } from '../shared/codec-job';

// Shared with the schema layer below, which defines them; re-exported for the codecs' users.
export { UnsupportedSampleError } from '../schema/sample-contracts';

export interface PrepareContext {
  schema?: ProvidedSchema;
  /** Choices for schemas inferred from the sample; ignored with a provided schema. */
  variants?: Partial<SchemaVariants>;
  /**
   * What this codec inferred from the same sample and variants in the run's first round (its
   * `PreparedCodec.inferred`, passed back as plain data): a later round's worker skips inference.
   */
  inferred?: unknown;
  /**
   * The sample is known to fit `inferred` (ignored without it): its records repeat those of a
   * sample already checked against that schema, as in the limit search. The walk that checks the
   * fit is skipped; on hundreds of megabytes it costs more than encoding.
   */
  fitsInferred?: boolean;
  /**
   * Codecs that run generated code: where the cache is and where the user put the tools
   * (src/codegen). Absent: the CLI's cache folder, the environment and PATH.
   */
  codegen?: CodegenSettings;
  /** What the codec's own `generate` returned (in this worker; never crosses a thread). */
  generated?: unknown;
  /**
   * Message mode: `sample` is a stream's records, each to be encoded as its own message with one
   * schema for all of them (inferred from every record, or provided for one message). A codec
   * that knows this answers with `messageInputs`; one that does not is not measured in message mode.
   */
  messages?: boolean;
}

/** What a codec needs to turn the sample into bytes and back. */
export interface PreparedCodec {
  /** The value handed to `encode`: the sample, or the sample wrapped as the format requires. */
  input: unknown;
  encode(value: unknown): Uint8Array;
  /** Returns data comparable to the sample (any wrapping removed). */
  decode(bytes: Uint8Array): unknown;
  schema: SchemaOrigin;
  /** The schema text used (inferred, provided or derived), as shown to users. */
  schemaText?: string;
  notes: RowNote[];
  /** Where the inspector can annotate bytes: how to read the encoding's structure. */
  layout?: EncodingLayout;
  /** The schema inferred from the sample, as structured-cloneable data for later rounds. */
  inferred?: unknown;
  /** How another library of the format reads these bytes: checked once, after timing. */
  interop?: InteropCheck;
  /**
   * Formats read on access (FlatBuffers, Cap'n Proto): `decode` reads every field into a plain
   * object (the row's decode time, which its speed-up uses); these two are timed beside it.
   */
  lazy?: LazyReads;
  /** A user's schema: the default decode reads for a key left out at `path`, so the remnants call it that. */
  schemaDefault?: SchemaDefaultAt;
  /** An enum's values at `path` (protobuf): a name decoded as its number is the same value; the remnants still show the type change. */
  schemaEnum?: SchemaEnumAt;
  /**
   * Message mode (`PrepareContext.messages`): each record as `encode` takes it, in the stream's
   * order; `decode` then reads one message back to its record. `input` is unused.
   */
  messageInputs?: unknown[];
  /** What the format keeps by its own rules (proto3's implicit presence, documented renames): judged by them. */
  semantics?: FormatSemantics;
}

export interface LazyReads {
  /** Open the bytes and read every leaf, building no object. */
  access(bytes: Uint8Array): unknown;
  /** Open the bytes and read one path (`firstFieldPath`). */
  firstField(bytes: Uint8Array): unknown;
  firstFieldPath: string;
}

/**
 * Reading the bytes with another library of the same format (its reference decoder, or for
 * Protocol Buffers another implementation), loaded only when the check runs.
 */
export interface InteropCheck {
  /** npm name of the library that reads the bytes. */
  decoder: string;
  /** Why it could not read them as the sample, or null when it could. */
  check(encoded: Uint8Array, sample: unknown): Promise<string | null>;
  /**
   * The other way (Protocol Buffers rows of generated code): whether this row's library reads
   * the decoder's bytes for the same value, and where the two libraries' bytes differ.
   */
  both?(encoded: Uint8Array): Promise<Pick<InteropResult, 'readsReference' | 'byteDifferences'>>;
}

/**
 * How encoded bytes map to the sample, for the inspector's byte annotations. The protobuf type
 * is a `protobuf.Type` (kept `unknown` here so this interface does not load protobufjs);
 * `wrappedAs` is the root field holding the sample, as in `PreparedCodec.input`.
 */
export type EncodingLayout =
  | { kind: 'protobuf'; type: unknown; wrappedAs?: string }
  | { kind: 'msgpack' }
  | { kind: 'cbor' }
  // Walked for byte attribution only (src/inspect/byte-attribution.ts); the inspector has no
  // byte annotations for them. The Avro type is an avsc Type.
  | { kind: 'json' }
  | { kind: 'bson' }
  | { kind: 'avro'; type: unknown };

/** Layouts whose bytes the inspector annotates range by range. */
export const ANNOTATED_LAYOUTS: ReadonlySet<EncodingLayout['kind']> = new Set(['protobuf', 'msgpack', 'cbor']);

export interface CodecModule {
  prepare(sample: unknown, context: PrepareContext): PreparedCodec;
  /**
   * `prepare` handles message mode (`PrepareContext.messages`, answering `messageInputs`).
   * Without it the codec is skipped in message mode before `prepare` runs, saying so.
   */
  messageMode?: boolean;
  /**
   * Codecs that run generated code: generates it, or finds it in the cache, in child processes
   * (src/codegen). Whoever prepares the codec awaits this first (prepareCodec) and hands its
   * result to `prepare` as `context.generated`; a `prepare` without it skips the sample.
   */
  generate?(sample: unknown, context: PrepareContext): Promise<unknown>;
}

/** `generate` (where the codec has it), then `prepare` with its result. */
export async function prepareCodec(module: CodecModule, sample: unknown, context: PrepareContext): Promise<PreparedCodec> {
  if (!module.generate) return module.prepare(sample, context);
  return module.prepare(sample, { ...context, generated: await module.generate(sample, context) });
}

/** Why a codec without message mode is skipped, not measured as something else. */
export const NO_MESSAGE_MODE = 'not measured in message mode: this codec prepares one document, not a stream of messages each encoded alone';

/** Message mode for a codec whose `encode` takes each record as it is: the records are the inputs. */
export function recordsAsInputs(sample: unknown, context: Pick<PrepareContext, 'messages'>): Pick<PreparedCodec, 'messageInputs'> {
  return context.messages && Array.isArray(sample) ? { messageInputs: sample } : {};
}
