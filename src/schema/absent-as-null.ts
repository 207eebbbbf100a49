/**
 * A schema derived from an `.avsc` sends an Avro null as an absent field (proto3 has no null),
 * and Avro data has no absent field: so absent reads back as null, and the sample round-trips
 * exactly, as with inferred schemas (infer-proto.ts, `nullIfAbsent`). Without this, our choice
 * of mapping would make protobufjs look lossy ("null came back missing") where it is not.
 *
 * The adapter only restores nulls when decoding: the wire form is the sample as it is. It is
 * built from the protobufjs types, so it follows the list wrapper and recursive records (an
 * Avro `previous: ["null", "Event"]` gives a cyclic adapter, walked only as deep as the data).
 */
import type * as protobuf from 'protobufjs';
import type { MessageFieldAdapter, ProtoAdapter } from './proto-adapter';

type MessageAdapter = Extract<ProtoAdapter, { kind: 'message' }>;

/** The note of a protobufjs row whose decode puts those nulls back (rows on other libraries leave it out). */
export const ABSENT_AS_NULL_NOTE =
  'fields that are unions with null in the .avsc are sent as absent when null (proto3 has no null) and decoded as null inside the timed decode: Avro data has no absent field';

/**
 * The decode adapter for `root`, or undefined when no field reached from it is nullable.
 * `nullable` holds `Message.field` names (top-level messages, as derivation declares them).
 */
export function absentAsNullAdapter(root: protobuf.Type, nullable: readonly string[]): ProtoAdapter | undefined {
  const wanted = new Set(nullable);
  const adapters = new Map<protobuf.Type, MessageAdapter>();
  const children = new Map<MessageAdapter, Array<{ field: MessageFieldAdapter; child: MessageAdapter }>>();

  const build = (type: protobuf.Type): MessageAdapter => {
    const known = adapters.get(type);
    if (known) return known;
    const adapter: MessageAdapter = { kind: 'message', fields: [] };
    adapters.set(type, adapter); // before the fields: a record may hold itself
    const links: Array<{ field: MessageFieldAdapter; child: MessageAdapter }> = [];
    children.set(adapter, links);
    for (const field of type.fieldsArray) {
      const resolved = field.resolve().resolvedType;
      const child = resolved && 'fieldsArray' in resolved ? build(resolved as protobuf.Type) : undefined;
      const nullIfAbsent = wanted.has(`${type.fullName.replace(/^\./, '')}.${field.name}`);
      if (!child && !nullIfAbsent) continue;
      const inner: ProtoAdapter | null =
        child === undefined ? null : field.map ? { kind: 'map', value: child } : field.repeated ? { kind: 'list', element: child } : child;
      const entry: MessageFieldAdapter = { key: field.name, adapter: inner, nullIfAbsent };
      adapter.fields.push(entry);
      if (child) links.push({ field: entry, child });
    }
    return adapter;
  };

  const top = build(root);
  // Keep only what restores a null somewhere below: every other message is read as decoded
  // (no copy). Grown to a fixpoint, since records may refer to each other in cycles.
  const useful = new Set<MessageAdapter>();
  for (let grew = true; grew;) {
    grew = false;
    for (const [adapter, links] of children) {
      if (useful.has(adapter)) continue;
      if (adapter.fields.some((field) => field.nullIfAbsent) || links.some((link) => useful.has(link.child))) {
        useful.add(adapter);
        grew = true;
      }
    }
  }
  for (const [adapter, links] of children) {
    for (const link of links) if (!useful.has(link.child)) link.field.adapter = null;
    adapter.fields = adapter.fields.filter((field) => field.adapter !== null || field.nullIfAbsent);
  }
  return useful.has(top) ? top : undefined;
}
