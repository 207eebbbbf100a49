/**
 * Protocol Buffers with @bufbuild/protobuf (protobuf-es), at run time and without protoc: its
 * descriptors are built from the schema protobufjs uses (protobuf-plan.ts) through protobufjs'
 * own descriptor output (protobuf-descriptor.ts). The value is turned into messages with
 * `create` once, before timing; encode is `toBinary`, decode `fromBinary`, whose messages carry
 * a `$typeName` property: a remnant.
 */
import type { NoteFact } from '../shared/results';
import { create, fromBinary, fromJson, toBinary, toJson, type DescField, type DescMessage, type JsonValue } from '@bufbuild/protobuf';
import { UnsupportedSampleError, type CodecModule } from './codec';
import { planFieldFacts, planProtobuf, planSemantics, withNullsRestored } from './protobuf-plan';
import { bufbuildRegistryOf, protoSyntaxOf } from './protobuf-descriptor';
import { fromWire, type ProtoAdapter } from '../schema/proto-adapter';
import { usesWellKnownTypes } from '../schema/proto-wkt';
import { protobufInterop } from './interop';
import type { protobuf } from './protobufjs-runtime';

export const prepare: CodecModule['prepare'] = (sample, context) => {
  const plan = planProtobuf(sample, context);
  const { type, fit, adapter } = plan;
  // A sample in proto3's JSON form (enum names, base64 bytes, 64-bit strings, well-known types'
  // texts) is read with fromJson, @bufbuild/protobuf's own reader of that mapping, and decoded
  // messages are written back with toJson: the mapping both ways, as this library's users do.
  const jsonForm = fit.enumNames || fit.bytes || fit.longStrings || (!adapter && usesWellKnownTypes(type));
  if (adapter && usesOneofs(adapter)) {
    throw new UnsupportedSampleError(
      "the sample holds values of mixed types (oneofs or google.protobuf.Value): this row builds messages with create() from plain values, which does not convert them (protobufjs' fromObject/toObject does)",
    );
  }
  const registry = bufbuildRegistryOf(type, protoSyntaxOf(plan.text));
  const schema = registry.getMessage(type.fullName.slice(1)) as DescMessage | undefined;
  if (!schema) throw new Error(`message ${type.fullName} is missing from the descriptors built for @bufbuild/protobuf`);
  const decodeMessage = jsonForm
    ? (bytes: Uint8Array) => toJson(schema, fromBinary(schema, bytes), { useProtoFieldName: true, registry })
    : (bytes: Uint8Array) => fromBinary(schema, bytes);
  const read = adapter ? (bytes: Uint8Array) => fromWire(decodeMessage(bytes), adapter) : withNullsRestored(plan, decodeMessage);
  const field = plan.wrappedAs;
  // Names as @bufbuild's properties (create() takes those, not the .proto's); fromJson reads JSON names itself.
  const renamed: Renames = new Map();
  const build = jsonForm
    ? (wire: unknown) => fromJson(schema, wire as JsonValue, { registry })
    : (wire: unknown) => create(schema, byLocalName(schema, type, wire, renamed) as never);
  // Message mode: one message built per record.
  const messageInputs = plan.perMessage ? (plan.wire as unknown[]).map(build) : undefined;
  return {
    input: messageInputs ?? build(plan.wire),
    ...(messageInputs ? { messageInputs } : {}),
    encode: (value) => toBinary(schema, value as never),
    decode: field ? (bytes) => (read(bytes) as Record<string, unknown>)[field] : read,
    schema: plan.origin,
    schemaText: plan.text,
    notes: [...plan.notes, { code: 'bufbuild-descriptors' }, { code: 'bufbuild-messages', from: jsonForm ? 'json' : 'value' }, ...renamed.values()],
    layout: field ? { kind: 'protobuf', type, wrappedAs: field } : { kind: 'protobuf', type },
    interop: protobufInterop('protobufjs', type, plan.text),
    // Every decoded message carries its type's name: a remnant, not a difference in the data.
    semantics: { ...planSemantics(plan), metadataKeys: ['$typeName'] },
    ...planFieldFacts(plan),
    ...(plan.inferred ? { inferred: plan.inferred } : {}),
  };
};

/**
 * The value with each field under its @bufbuild localName (`user_id` → `userId`, `struct_` →
 * `struct`), the key create() reads: under the .proto's name it was dropped. Decoded messages
 * keep the localNames, which the round trip shows as renames.
 */
/** The fields @bufbuild names apart, by `Message.field`. */
type Renames = Map<string, NoteFact>;

function byLocalName(message: DescMessage, type: protobuf.Type, value: unknown, renamed: Renames): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || ArrayBuffer.isView(value)) return value;
  const byNumber = new Map(message.fields.map((field) => [field.number, field]));
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      const declared = type.fields[key];
      const field = declared && byNumber.get(declared.id);
      if (!declared || !field) return [key, inner];
      if (field.name !== key) renamed.set(`${message.name}.${key}`, { code: 'bufbuild-field-renamed', message: message.name, field: key, to: field.name });
      return [field.localName, fieldValue(field, declared, inner, renamed)];
    }),
  );
}

function fieldValue(field: DescField, declared: protobuf.Field, value: unknown, renamed: Renames): unknown {
  const inner = declared.resolve().resolvedType as protobuf.Type | null;
  if (!inner || !('fields' in inner)) return value;
  if (field.fieldKind === 'message') return byLocalName(field.message, inner, value, renamed);
  if (field.fieldKind === 'list' && field.listKind === 'message' && Array.isArray(value))
    return value.map((element) => byLocalName(field.message, inner, element, renamed));
  if (field.fieldKind === 'map' && field.mapKind === 'message' && typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, element]) => [key, byLocalName(field.message, inner, element, renamed)]));
  }
  return value;
}

function usesOneofs(adapter: ProtoAdapter): boolean {
  switch (adapter.kind) {
    case 'oneof':
    case 'json':
      return true;
    case 'message':
      return adapter.fields.some((field) => field.adapter !== null && usesOneofs(field.adapter));
    case 'list':
      return usesOneofs(adapter.element);
    case 'map':
      return usesOneofs(adapter.value);
    case 'wrap':
      return adapter.inner !== null && usesOneofs(adapter.inner);
  }
}

/** Each record of a stream encoded as its own message (PrepareContext.messages). */
export const messageMode = true;
