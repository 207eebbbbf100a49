/**
 * What a .proto's syntax means for a round trip, whichever library wrote the bytes: proto3 reads
 * an absent field as its default (implicit presence), proto2 decoders fill declared defaults in;
 * either way its JSON mapping has several texts for one value and names fields in two ways.
 */
import type { FormatSemantics } from '../analysis/semantics';

/** The schema's syntax as its text declares it (protobufjs keeps no record of it). */
export function protoSyntaxOf(schemaText: string): 'proto2' | 'proto3' {
  return /^\s*syntax\s*=\s*["']proto2["']/m.test(schemaText) ? 'proto2' : 'proto3';
}

export function protoSemantics(schemaText: string): FormatSemantics {
  const proto3 = protoSyntaxOf(schemaText) === 'proto3';
  return { ...(proto3 ? { implicitDefaults: true } : { filledDefaults: true }), renames: true, jsonValues: true };
}
