/**
 * Protocol Buffers with Mapbox's pbf: its compiler turns the schema protobufjs uses (inferred,
 * derived or provided; see protobuf-plan.ts) into read/write functions at run time, so the
 * user has no build step. pbf reads and writes plain objects: where the sample needs a
 * conversion protobufjs does with fromObject/toObject (enum names, base64 bytes, well-known
 * types in their JSON form), there is no pbf equivalent and the row says so.
 */
import { PbfReader, PbfWriter } from 'pbf';
import { compile } from 'pbf/compile';
import { UnsupportedSampleError, type CodecModule } from './codec';
import { planProtobuf, planSemantics } from './protobuf-plan';
import { pbfFunctionName, pbfSchemaOf } from './pbf-schema';
import { protoSyntaxOf } from './protobuf-descriptor';
import { fromWire, toWire } from '../schema/proto-adapter';
import { usesWellKnownTypes } from '../schema/proto-wkt';
import { protobufInterop } from './interop';
import type { protobuf } from './protobufjs-runtime';

type Write = (value: unknown, pbf: PbfWriter) => void;
type Read = (pbf: PbfReader) => unknown;

export const prepare: CodecModule['prepare'] = (sample, context) => {
  const plan = planProtobuf(sample, context);
  const { type, fit, adapter } = plan;
  const needs = [
    fit.enumNames && 'enum names',
    fit.bytes && 'base64 bytes',
    !adapter && usesWellKnownTypes(type) && 'well-known types in their JSON form',
  ].filter(Boolean);
  if (needs.length > 0) {
    throw new UnsupportedSampleError(
      `the sample holds ${needs.join(', ')}: protobufjs converts them with fromObject/toObject, pbf has no such conversion (it reads and writes plain values of the wire types)`,
    );
  }
  const syntax = protoSyntaxOf(plan.text);
  const compiled = compile(pbfSchemaOf(type.root as protobuf.Root, syntax)) as Record<string, Write | Read>;
  const name = pbfFunctionName(type);
  const write = compiled[`write${name}`] as Write;
  const read = compiled[`read${name}`] as Read;
  const writeBytes = (value: unknown) => {
    const pbf = new PbfWriter();
    write(value, pbf);
    return pbf.finish();
  };
  const readBytes = adapter ? (bytes: Uint8Array) => fromWire(read(new PbfReader(bytes)), adapter) : (bytes: Uint8Array) => read(new PbfReader(bytes));
  const field = plan.wrappedAs;
  return {
    input: adapter ? plan.wrapped : plan.wire,
    // Message mode: `wrapped` and `wire` list each record's.
    ...(plan.perMessage ? { messageInputs: (adapter ? plan.wrapped : plan.wire) as unknown[] } : {}),
    encode: adapter ? (value) => writeBytes(toWire(value, adapter)) : writeBytes,
    decode: field ? (bytes) => (readBytes(bytes) as Record<string, unknown>)[field] : readBytes,
    schema: plan.origin,
    schemaText: plan.text,
    notes: [...plan.notes, { code: 'pbf-compiled' }],
    layout: field ? { kind: 'protobuf', type, wrappedAs: field } : { kind: 'protobuf', type },
    interop: protobufInterop('@bufbuild/protobuf', type, plan.text),
    // pbf reads an absent proto3 field as its zero, as protobufjs does: the same message.
    // pbf writes a oneof's member name under the oneof's name (proto3 optional x: _x = 'x').
    semantics: { ...planSemantics(plan), oneofs: 'case-name' },
    ...(plan.inferred ? { inferred: plan.inferred } : {}),
  };
};

/** Each record of a stream encoded as its own message (PrepareContext.messages). */
export const messageMode = true;
