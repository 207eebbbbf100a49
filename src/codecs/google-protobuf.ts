/**
 * Protocol Buffers with google-protobuf, Google's JavaScript library, through the code protoc
 * generates for it with protoc-gen-js (`--js_out=import_style=commonjs,binary`): message
 * classes with getters and setters. Encode is `serializeBinary()`; decode is
 * `deserializeBinary(bytes).toObject()`, the plain object its users read, whose keys are
 * renamed (`items` → `itemsList`, maps as `attrsMap` lists of pairs, `durationMs` →
 * `durationms`): the remnants say so. The runtime is the bundled google-protobuf, its
 * well-known types included.
 */
import { exportedAt, generatedProtobufCodec } from './generated-protobuf';
import { GOOGLE_PROTOBUF_GENERATOR } from '../codegen/protobuf-tools';
import type { GeneratedMessageType } from './generated-protobuf-interop';

interface JspbMessage {
  serializeBinary(): Uint8Array;
  toObject(): unknown;
}
interface JspbClass {
  deserializeBinary(bytes: Uint8Array): JspbMessage;
}

/* eslint-disable @typescript-eslint/no-require-imports -- each runtime is bundled, and loaded only when generated code asks for it */
const WELL_KNOWN: Record<string, () => unknown> = {
  any: (): unknown => require('google-protobuf/google/protobuf/any_pb.js'),
  api: (): unknown => require('google-protobuf/google/protobuf/api_pb.js'),
  descriptor: (): unknown => require('google-protobuf/google/protobuf/descriptor_pb.js'),
  duration: (): unknown => require('google-protobuf/google/protobuf/duration_pb.js'),
  empty: (): unknown => require('google-protobuf/google/protobuf/empty_pb.js'),
  field_mask: (): unknown => require('google-protobuf/google/protobuf/field_mask_pb.js'),
  source_context: (): unknown => require('google-protobuf/google/protobuf/source_context_pb.js'),
  struct: (): unknown => require('google-protobuf/google/protobuf/struct_pb.js'),
  timestamp: (): unknown => require('google-protobuf/google/protobuf/timestamp_pb.js'),
  type: (): unknown => require('google-protobuf/google/protobuf/type_pb.js'),
  wrappers: (): unknown => require('google-protobuf/google/protobuf/wrappers_pb.js'),
};

const codec = generatedProtobufCodec({
  runtime: 'google-protobuf',
  generator: GOOGLE_PROTOBUF_GENERATOR,
  outputFile: (protoFile) => protoFile.replace(/\.proto$/, '_pb.js'),
  runtimes: {
    'google-protobuf': (): unknown => require('google-protobuf'),
    ...Object.fromEntries(Object.entries(WELL_KNOWN).map(([name, load]) => [`google-protobuf/google/protobuf/${name}_pb.js`, load])),
  },
  // protoc-gen-js requires any import under google/protobuf/ from the package; one that is not a
  // well-known type (protobuf's own unittest_import.proto) is a file it generated beside the rest.
  packageFolders: { 'google-protobuf/google/protobuf/': 'google/protobuf/' },
  publicImports:
    "protoc-gen-js's CommonJS code does not support import public (protocolbuffers/protobuf-javascript#55): a file's publicly imported messages are used without being required",
  // With import_style=commonjs the module exports its package's namespace: nested messages are properties of their parent.
  messageType: (exports, name): GeneratedMessageType => {
    const type = exportedAt(exports, name.split('.')) as JspbClass;
    return {
      read: (bytes) => type.deserializeBinary(bytes),
      write: (message) => (message as JspbMessage).serializeBinary(),
      decode: (bytes) => type.deserializeBinary(bytes).toObject(),
    };
  },
  library: 'google-protobuf',
  notes: [{ code: 'google-protobuf-decode' }],
});

export const { prepare, generate } = codec;
