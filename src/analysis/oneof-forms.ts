/**
 * How protobuf libraries hand back a oneof, other than as its member's key (protobufjs, ts-proto
 * with its defaults): protobuf-ts puts the member under the oneof's name as
 * `{ oneofKind: 'text', text: 'hi' }`; pbf writes the member's name under the oneof's name
 * beside the member (`_station: 'station'` for a proto3 optional, whose oneof is `_station`).
 * Both are the library's documented shape, not data lost or added.
 */
import type { ExtraKey } from './walk-pairs';

/** A sample key found under a oneof object's name: `from` in the sample is `to`.`member` decoded. */
export interface OneofMember {
  from: string;
  to: string;
  member: string;
  value: unknown;
}

/** A key's letters without case or underscores: `oneof_string` and `oneofString` are one name. */
const folded = (key: string) => key.replace(/_/g, '').toLowerCase();

/** protobuf-ts's oneof objects among the extra keys, matched to the missing sample keys they hold; `unset` are oneofs with no member. */
export function oneofKindMembers(missing: readonly string[], extra: readonly ExtraKey[]): { members: OneofMember[]; unset: string[] } {
  const members: OneofMember[] = [];
  const unset: string[] = [];
  for (const { key, value } of extra) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, 'oneofKind')) continue;
    const member = (value as { oneofKind?: unknown }).oneofKind;
    if (member === undefined) {
      unset.push(key);
      continue;
    }
    if (typeof member !== 'string') continue;
    const from = missing.find((candidate) => candidate === member || folded(candidate) === folded(member));
    if (from !== undefined) members.push({ from, to: key, member, value: (value as Record<string, unknown>)[member] });
  }
  return { members, unset };
}

/** pbf's case marker: an extra key holding the name of a member the decoded object has. */
export function isOneofCase(value: unknown, decoded: object): boolean {
  return typeof value === 'string' && value !== '' && Object.hasOwn(decoded, value);
}
