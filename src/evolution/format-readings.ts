/**
 * How each library writes a version's records and reads them with another version: protobufjs
 * `decode` (field numbers, no resolution step), avsc `fromBuffer` with the reader's type alone
 * and through `createResolver(writerType)`. What comes back is compared with the writer's own
 * decoding of its bytes, so a difference is the schema change's doing, not the writer's.
 */
import * as protobuf from 'protobufjs';
import type { ReadingMode } from '../shared/evolution';
import { messageToProto, usesWellKnownTypes } from '../schema/proto-wkt';
import { compareAvroValue } from './avro-compare';
import type { ReadingFindings } from './findings';
import { ABSENT } from './json-values';
import { compareProtoMessage, VIEW } from './proto-compare';
import type { AvroVersion, LoadedVersion, ProtoVersion } from './versions';

export interface ReencodeViews {
  /** The writer's view of the reader's re-encoding, library defaults (ABSENT when the writer cannot read it back). */
  plain: unknown;
  withOption?: { option: string; view: unknown };
}

export interface PreparedReading {
  mode: ReadingMode;
  /** The library's message when it refuses before any record (avsc's createResolver). */
  refusedUpFront?: string;
  /** Decodes one record's bytes (throwing what the library throws) and compares with the writer's view. */
  read(bytes: Uint8Array, writerView: unknown, findings: ReadingFindings): void;
  /** The reader decodes the bytes and writes the value back; the writer reads that. */
  reencode(bytes: Uint8Array): ReencodeViews;
}

export interface VersionCodec {
  encode(record: unknown): Uint8Array;
  /** The writer's own decoding of its bytes, in the form the comparisons use. */
  view(bytes: Uint8Array): unknown;
}

export function versionCodec(version: LoadedVersion): VersionCodec {
  if (version.format === 'proto') {
    const { type, root } = version;
    // Records hold well-known types in proto3's JSON mapping ("2024-01-01T00:00:00Z"); protobufjs wants their message form.
    const messageForm = usesWellKnownTypes(type)
      ? (record: unknown) => messageToProto(type, record, root)
      : (record: unknown) => record as Record<string, unknown>;
    return { encode: (record) => type.encode(type.fromObject(messageForm(record))).finish(), view: (bytes) => type.toObject(type.decode(bytes), VIEW) };
  }
  return { encode: (record) => version.jsonType.toBuffer(record), view: (bytes): unknown => version.plainType.fromBuffer(Buffer.from(bytes)) };
}

export function prepareReadings(writer: LoadedVersion, reader: LoadedVersion): PreparedReading[] {
  if (writer.format === 'proto' && reader.format === 'proto') return [protoReading(writer, reader)];
  if (writer.format === 'avro' && reader.format === 'avro') {
    return writer === reader ? [avroReading(writer, reader, 'decode')] : [avroReading(writer, reader, 'decode'), avroReading(writer, reader, 'resolver')];
  }
  throw new Error('versions of different formats');
}

function protoReading(writer: ProtoVersion, reader: ProtoVersion): PreparedReading {
  const writerView = (message: protobuf.Message) => {
    try {
      return writer.type.toObject(writer.type.decode(reader.type.encode(message).finish()), VIEW);
    } catch {
      return ABSENT;
    }
  };
  return {
    mode: 'decode',
    read(bytes, view, findings) {
      const read = reader.type.toObject(reader.type.decode(bytes), VIEW);
      compareProtoMessage(writer.type, reader.type, view as Record<string, unknown>, read, findings);
    },
    reencode(bytes) {
      // protobufjs 8 keeps unknown fields ($unknowns) only when the reader is told to.
      const keeping = protobuf.Reader.create(bytes);
      keeping.discardUnknown = false;
      return {
        plain: writerView(reader.type.decode(bytes)),
        withOption: { option: 'reader.discardUnknown = false (protobufjs.Reader)', view: writerView(reader.type.decode(keeping)) },
      };
    },
  };
}

function avroReading(writer: AvroVersion, reader: AvroVersion, mode: ReadingMode): PreparedReading {
  let resolver: ReturnType<typeof reader.plainType.createResolver> | undefined;
  let refusedUpFront: string | undefined;
  if (mode === 'resolver') {
    try {
      resolver = reader.plainType.createResolver(writer.plainType);
    } catch (error) {
      refusedUpFront = error instanceof Error ? error.message : String(error);
    }
  }
  const decode = (bytes: Uint8Array): unknown => reader.plainType.fromBuffer(Buffer.from(bytes), resolver);
  return {
    mode,
    ...(refusedUpFront === undefined ? {} : { refusedUpFront }),
    read(bytes, view, findings) {
      compareAvroValue(writer.plainType, reader.plainType, view, decode(bytes), mode, findings);
    },
    reencode(bytes) {
      // avsc has no unknown-field store: what the reader's type lacks is gone once decoded.
      try {
        const back = reader.plainType.toBuffer(decode(bytes));
        return { plain: writer.plainType.fromBuffer(back, writer.plainType.createResolver(reader.plainType)) };
      } catch {
        return { plain: ABSENT };
      }
    },
  };
}
