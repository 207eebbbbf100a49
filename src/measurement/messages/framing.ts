/**
 * What framing adds to each message, as its own term beside the message's bytes: for each
 * framing a format is sent with in practice. Pure.
 * - a varint length prefix (protobuf's writeDelimited, Kafka's record lengths, most stream
 *   transports that do not delimit messages themselves): 1 byte up to 127 bytes, 2 up to 16 KiB…
 * - JSON Lines: one newline per message.
 * - MessagePack, CBOR and BSON values end where their bytes say (BSON starts with its length): a
 *   stream of them needs nothing between messages (msgpackr's unpackMultiple, RFC 8742 CBOR sequences).
 * - Avro single-object encoding (Avro 1.8+ specification): the marker C3 01 and the schema's 8-byte
 *   CRC-64-AVRO fingerprint, 10 bytes.
 * - The Confluent Schema Registry wire format: a magic byte 0 and the schema id in 4 bytes; for
 *   Protocol Buffers also the message indexes, one byte 0 for the file's first message.
 */
import type { FramingId, MessageFraming } from '../../shared/messages';

/** Bytes of an unsigned LEB128 varint holding `value`. */
export function varintBytes(value: number): number {
  let bytes = 1;
  for (let rest = Math.floor(value / 128); rest > 0; rest = Math.floor(rest / 128)) bytes++;
  return bytes;
}

const fixed = (id: FramingId, label: string, bytes: number, count: number, detail: string): MessageFraming => ({
  id,
  label,
  bytesPerMessage: bytes,
  total: bytes * count,
  detail,
});

/** The framings of `format` (a codec descriptor's format name), each over every message's size. */
export function framingsFor(format: string, sizes: readonly number[]): MessageFraming[] {
  const count = sizes.length;
  const prefixTotal = sizes.reduce((sum, size) => sum + varintBytes(size), 0);
  const lengthPrefix: MessageFraming = {
    id: 'length-prefix',
    label: 'varint length prefix',
    bytesPerMessage: count > 0 ? Number((prefixTotal / count).toFixed(3)) : 0,
    total: prefixTotal,
    detail: 'each message preceded by its length as a varint (protobuf writeDelimited, Kafka record lengths): where the transport does not delimit messages',
  };
  switch (format) {
    case 'JSON':
      return [
        fixed('newline', 'newline (JSON Lines)', 1, count, 'one \\n after each message'),
        lengthPrefix,
        fixed('schema-registry', 'Schema Registry wire format', 5, count, 'Confluent JSON Schema serializer: magic byte 0 + 4-byte schema id'),
      ];
    case 'Avro':
      return [
        fixed('avro-single-object', 'Avro single-object encoding', 10, count, 'marker C3 01 + 8-byte CRC-64-AVRO schema fingerprint (Avro specification)'),
        fixed('schema-registry', 'Schema Registry wire format', 5, count, 'Confluent: magic byte 0 + 4-byte schema id'),
        lengthPrefix,
      ];
    case 'Protocol Buffers':
      return [
        lengthPrefix,
        fixed(
          'schema-registry',
          'Schema Registry wire format',
          6,
          count,
          "Confluent: magic byte 0 + 4-byte schema id + message index 0 (the file's first message)",
        ),
      ];
    case 'MessagePack':
    case 'CBOR':
    case 'BSON':
    case 'BSER':
      return [
        fixed(
          'self-delimiting',
          'none (self-delimiting)',
          0,
          count,
          `${format} values end where their own bytes say: a stream of them needs nothing between messages`,
        ),
        lengthPrefix,
      ];
    default:
      return [lengthPrefix];
  }
}
