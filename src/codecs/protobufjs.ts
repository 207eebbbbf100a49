/**
 * Protocol Buffers with protobufjs. The schema is, in order of preference: a provided .proto as
 * given; one derived field by field from a provided .avsc (so both formats encode the same
 * data); or a proto3 schema inferred from the sample, shaped by the schema variants (see
 * protobuf-plan.ts). Field names are kept as written (`keepCase`): protobufjs camel-cases by
 * default.
 */
import { protobuf } from './protobufjs-runtime';
import type { CodecModule, PrepareContext, PreparedCodec } from './codec';
import { planFieldFacts, planProtobuf, planSemantics, withNullsRestored } from './protobuf-plan';
import { fromWire, toWire } from '../schema/proto-adapter';
import { messageToJson, messageToProto, usesWellKnownTypes } from '../schema/proto-wkt';
import { protobufInterop } from './interop';

const SIXTY_FOUR_BIT = /\b(?:u?int64|sint64|s?fixed64)\b/;

export interface ProtobufjsOptions {
  /**
   * Encode `type.encode(type.fromObject(value))` from the plain sample, as the published
   * benchmark does, instead of `type.encode(value)` from a value already in message form.
   */
  fromObject?: boolean;
}

export const prepare: CodecModule['prepare'] = (sample, context) => prepareProtobufjs(sample, context, {});

export function prepareProtobufjs(sample: unknown, context: PrepareContext, options: ProtobufjsOptions): PreparedCodec {
  const plan = planProtobuf(sample, context);
  const { type, fit, adapter, wrapped } = plan;
  const notes = [...plan.notes];
  // protobufjs encodes enum numbers: names (proto3's JSON mapping, Avro's symbols) are turned
  // into numbers once, before timing. Decoding gives numbers and Buffers back: where the sample
  // had names or base64 text, toObject restores them, and that is part of decoding.
  // Well-known types (Timestamp as RFC 3339 text…) go to their message form with the enum names.
  // Inferred schemas convert their google.protobuf.Value fields in the adapter instead.
  const wellKnown = !adapter && usesWellKnownTypes(type);
  const formsOf = (input: unknown) => {
    const messageForm = wellKnown ? messageToProto(type, input, type.root as protobuf.Root) : input;
    const message = fit.enumNames || wellKnown ? type.fromObject(messageForm as Record<string, unknown>) : (input as Record<string, unknown>);
    // checkProtoFit has checked `input` against the type field by field (with located errors);
    // protobufjs's own verify repeats that walk (a third of a second on a 3.6 MB sample), so it
    // runs only on what fromObject built. Whatever slips through, the round trip still catches.
    const problem = message === input ? null : type.verify(message);
    if (problem) throw new Error(`sample does not fit message ${plan.schemaType.name}: ${problem}`);
    return { messageForm, message };
  };
  // Message mode: each record's forms, for the inputs of its own message.
  const perMessage = plan.perMessage ? (plan.wire as unknown[]).map(formsOf) : undefined;
  const { messageForm, message } = perMessage ? { messageForm: undefined, message: undefined } : formsOf(plan.wire);
  const messageInputs = (pick: (forms: ReturnType<typeof formsOf>) => unknown) =>
    perMessage ? { messageInputs: adapter ? (wrapped as unknown[]) : perMessage.map(pick) } : {};
  // arrays/objects: a decoded message holds empty lists and maps; toObject would drop them.
  // 64-bit integers given as strings (proto3 JSON's form) come back as strings, not Longs.
  const restore: protobuf.IConversionOptions | undefined =
    fit.enumNames || fit.bytes || fit.longStrings || wellKnown
      ? {
          ...(fit.enumNames ? { enums: String } : {}),
          ...(fit.bytes ? { bytes: String } : {}),
          ...(fit.longStrings ? { longs: String } : {}),
          arrays: true,
          objects: true,
        }
      : undefined;
  if (wellKnown) notes.push({ code: 'well-known-types-converted' });
  if (fit.enumNames && !options.fromObject) notes.push({ code: 'enum-names-converted' });
  if (fit.bytes) notes.push({ code: 'bytes-as-base64' });
  if (fit.longStrings) notes.push({ code: 'longs-as-strings' });
  else if (SIXTY_FOUR_BIT.test(plan.text)) notes.push({ code: 'longs-as-long-objects' });
  const decodeMessage = restore ? (bytes: Uint8Array) => type.toObject(type.decode(bytes), restore) : (bytes: Uint8Array) => type.decode(bytes);
  const read = adapter
    ? (bytes: Uint8Array) => fromWire(decodeMessage(bytes), adapter)
    : wellKnown
      ? (bytes: Uint8Array) => messageToJson(type, decodeMessage(bytes), type.root as protobuf.Root)
      : withNullsRestored(plan, decodeMessage);
  const field = plan.wrappedAs;
  const common = {
    decode: field ? (bytes: Uint8Array) => (read(bytes) as Record<string, unknown>)[field] : read,
    schema: plan.origin,
    schemaText: plan.text,
    layout: field ? { kind: 'protobuf' as const, type, wrappedAs: field } : { kind: 'protobuf' as const, type },
    interop: protobufInterop('@bufbuild/protobuf', type, plan.text),
    semantics: planSemantics(plan),
    ...planFieldFacts(plan),
    ...(plan.inferred ? { inferred: plan.inferred } : {}),
  };
  if (options.fromObject) {
    // Every call converts the plain (wire-form) value into a message first: what the published
    // benchmark times, and why it shows protobufjs encoding slower than JSON.
    notes.push({ code: 'from-object-timed' });
    return {
      ...common,
      input: adapter ? wrapped : messageForm,
      ...messageInputs((forms) => forms.messageForm),
      encode: adapter
        ? (value) => type.encode(type.fromObject(toWire(value, adapter) as Record<string, unknown>)).finish()
        : (value) => type.encode(type.fromObject(value as Record<string, unknown>)).finish(),
      notes,
    };
  }
  return {
    ...common,
    input: adapter ? wrapped : message,
    ...messageInputs((forms) => forms.message),
    encode: adapter
      ? (value) => type.encode(toWire(value, adapter) as Record<string, unknown>).finish()
      : (value) => type.encode(value as Record<string, unknown>).finish(),
    notes,
  };
}

/** Each record of a stream encoded as its own message (PrepareContext.messages). */
export const messageMode = true;
