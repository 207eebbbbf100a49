/**
 * A proto3 JSON sample as plain values, for the rows that write a .proto's data in another
 * format through the Avro schema derived from it (avsc, avro-js, js-binary, FlatBuffers,
 * Cap'n Proto, Bebop). The sample meets the .proto once, before timing, as it does in the
 * protobuf rows (checkProtoFit: keys by JSON name or name, 64-bit integers as text or numbers,
 * enums by name or number, a key the message lacks refused with the names it knows); what is
 * encoded has the field names the Avro schema has, and values those formats know.
 */
import { UnsupportedSampleError } from './sample-contracts';
import { checkProtoFit, describeMismatch, type ProtoFit } from './sample-fit';
import { describeProvided, resolveProtoType } from './provided-schema';
import type { ProvidedSchema } from '../shared/codec-job';
import { NOTE_PATHS_KEPT } from '../shared/note-text';
import { listText } from '../shared/list-text';
import type { NoteFact } from '../shared/results';

export interface PlainProtoJson {
  value: unknown;
  /** Paths of 64-bit integers beyond 2^53, now BigInts: only rows that take BigInts can write them. */
  bigLongs: string[];
  notes: NoteFact[];
}

export interface ProtoJsonOptions {
  /** The value is a list (an Avro array of the message, or a stream's messages): each element is one. */
  elements: boolean;
  dropUnknownKeys: boolean;
  /** The value is the sample wrapped in this field of the message: paths are said in the sample. */
  wrappedAs?: string;
  /**
   * The row's format has an unsigned 64-bit integer (FlatBuffers' ulong, Cap'n Proto's UInt64,
   * Bebop's uint64) where the .proto has uint64 or fixed64: values beyond 2^63 − 1 are BigInts
   * like any beyond 2^53, not a reason to refuse the row.
   */
  unsigned64?: boolean;
}

export function readProtoJson(schema: ProvidedSchema, value: unknown, options: ProtoJsonOptions): PlainProtoJson {
  const { type, typeName } = resolveProtoType(schema);
  const records = options.elements && Array.isArray(value) ? value : [value];
  const read: unknown[] = [];
  const bigLongs: string[] = [];
  const unsafeNumbers: string[] = [];
  const dropped: string[] = [];
  const beyondSigned: string[] = [];
  for (let index = 0; index < records.length; index++) {
    const fit: ProtoFit = checkProtoFit(type, records[index], { plain: true, dropUnknownKeys: options.dropUnknownKeys });
    const wrapper = options.wrappedAs;
    const at = (path: string) =>
      records === value
        ? path.replace(/^\$/, `$[${index}]`)
        : wrapper !== undefined && path.startsWith(`$.${wrapper}`)
          ? `$${path.slice(wrapper.length + 2)}`
          : path;
    if (fit.mismatch) {
      throw new Error(`sample does not fit ${describeProvided(schema, typeName)}: ${describeMismatch({ ...fit.mismatch, path: at(fit.mismatch.path) })}`);
    }
    bigLongs.push(...fit.bigLongs.map(at));
    if (options.unsigned64 !== true) beyondSigned.push(...fit.beyondSigned.map(at));
    unsafeNumbers.push(...fit.unsafeNumbers.map(at));
    dropped.push(...fit.dropped.map(at));
    read.push(fit.value ?? records[index]);
  }
  if (beyondSigned.length > 0) {
    throw new UnsupportedSampleError(
      `the sample has uint64 values beyond 2^63 − 1 at ${listText(beyondSigned, beyondSigned.length)}, which the Avro schema derived from the .proto types as long (Avro has no unsigned integers): a signed 64-bit integer cannot hold them, so this row is not run on them (the protobuf rows write them as they are)`,
    );
  }
  const notes: NoteFact[] = [{ code: 'proto-json-read' }];
  if (dropped.length > 0) notes.push({ code: 'unknown-keys-dropped', count: dropped.length, paths: dropped.slice(0, NOTE_PATHS_KEPT) });
  if (unsafeNumbers.length > 0) notes.push({ code: 'unsafe-64-bit-numbers', count: unsafeNumbers.length, paths: unsafeNumbers.slice(0, NOTE_PATHS_KEPT) });
  return { value: records === value ? read : read[0], bigLongs, notes };
}
