/**
 * Protocol Buffers with protobufjs. Without a provided .proto, a proto3 schema is inferred from
 * the sample. Field names are kept as written (`keepCase`): protobufjs camel-cases by default.
 */
import * as protobuf from 'protobufjs';
import type { CodecModule } from './codec';
import { inferProtoSchema } from '../schema/infer-proto';

const SIXTY_FOUR_BIT = /\b(?:u?int64|sint64|s?fixed64)\b/;

export const prepare: CodecModule['prepare'] = (sample, context) => {
  const provided = context.schema?.kind === 'proto' ? context.schema : undefined;
  const inferred = provided ? undefined : inferProtoSchema(sample);
  const source = provided ? provided.source : inferred!.source;
  const rootType = provided ? provided.typeName : inferred!.rootType;
  if (!rootType) throw new Error('no message type given for the .proto schema');
  const type = protobuf.parse(source, { keepCase: true }).root.lookupType(rootType);
  const wrappedAs = inferred?.wrappedAs;
  const input = wrappedAs ? { [wrappedAs]: sample } : sample;
  const problem = type.verify(input as Record<string, unknown>);
  if (problem) throw new Error(`sample does not fit message ${rootType}: ${problem}`);
  const notes = [...(inferred?.notes ?? [])];
  if (SIXTY_FOUR_BIT.test(source)) {
    notes.push(protobuf.util.Long
      ? '64-bit integers decode as Long objects (long.js is installed)'
      : '64-bit integers decode as JS numbers (long.js is not installed): precision above 2^53 is lost');
  }
  return {
    input,
    encode: (value) => type.encode(value as Record<string, unknown>).finish(),
    decode: wrappedAs
      ? (bytes) => (type.decode(bytes) as unknown as Record<string, unknown>)[wrappedAs]
      : (bytes) => type.decode(bytes),
    schema: provided ? 'provided' : 'inferred',
    notes,
  };
};
