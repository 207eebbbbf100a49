/**
 * What may be written into schema text that another tool reads (protoc, flatc, capnp, bebopc):
 * comments cannot end early, and attributes carried from one schema into another are names or
 * numbers, never text that becomes declarations. A `.avsc` is the user's, and may be anyone's.
 */
import { isSchemaIdentifier } from './names';

/**
 * Every schema language here ends a line comment at a line break, and JavaScript (the generated
 * code some comments are copied into) also at U+2028 and U+2029: each becomes a space. `*\/`
 * would end a block comment.
 */
export function commentText(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]/g, ' ').replaceAll('*/', '* /');
}

/** `[A-Za-z_][A-Za-z0-9_]*`, the identifier of proto, Avro, FlatBuffers, Cap'n Proto and Bebop. */
export function isIdentifier(value: unknown): value is string {
  return typeof value === 'string' && isSchemaIdentifier(value);
}

export function isIntegerIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** protoc's field numbers: 1 to 2^29 − 1, without 19000–19999 (reserved for the implementation). */
export function isProtoFieldNumber(value: unknown): value is number {
  return isIntegerIn(value, 1, 536_870_911) && !(value >= 19_000 && value <= 19_999);
}

/** Enum values are int32. */
export function isProtoEnumNumber(value: unknown): value is number {
  return isIntegerIn(value, -2_147_483_648, 2_147_483_647);
}
