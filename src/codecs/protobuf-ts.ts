/**
 * Protocol Buffers with protobuf-ts: TypeScript protoc generates with @protobuf-ts/plugin (its
 * defaults: code optimized for speed, not reflection), turned into JavaScript by sucrase, on
 * @protobuf-ts/runtime (bundled). `Root.toBinary(message)`, `Root.fromBinary(bytes)`; field
 * names are camel-cased; 64-bit integers decode as bigint by default.
 */
import { exportedAt, generatedProtobufCodec } from './generated-protobuf';
import { PROTOBUF_TS_GENERATOR } from '../codegen/protobuf-tools';
import type { GeneratedMessageType } from './generated-protobuf-interop';

interface MessageType {
  toBinary(message: unknown): Uint8Array;
  fromBinary(bytes: Uint8Array): unknown;
}

const codec = generatedProtobufCodec({
  runtime: '@protobuf-ts/runtime',
  generator: PROTOBUF_TS_GENERATOR,
  outputFile: (protoFile) => protoFile.replace(/\.proto$/, '.js'),
  runtimes: { '@protobuf-ts/runtime': (): unknown => require('@protobuf-ts/runtime') },
  // protobuf-ts names nested messages Outer_Inner, without the package.
  messageType: (exports, name): GeneratedMessageType => {
    const type = exportedAt(exports, [name.replaceAll('.', '_')]) as MessageType;
    return {
      read: (bytes) => type.fromBinary(bytes),
      write: (message) => type.toBinary(message),
      decode: (bytes) => type.fromBinary(bytes),
    };
  },
  library: 'protobuf-ts',
  groupsUnread: true,
  // A oneof decodes as { oneofKind: 'member', member: value } under the oneof's name.
  semantics: { oneofs: 'oneof-kind' },
  notes: [{ code: 'protobuf-ts-defaults' }],
});

export const { prepare, generate } = codec;
