/**
 * Protocol Buffers with ts-proto: TypeScript protoc generates with ts-proto's plugin (its
 * defaults), turned into JavaScript by sucrase, on its runtime @bufbuild/protobuf/wire
 * (bundled). Messages are plain objects: `Root.encode(message).finish()`, `Root.decode(bytes)`.
 * Field names are camel-cased; every field decodes, absent ones as defaults; 64-bit integers
 * are numbers (ts-proto's default forceLong=number throws above 2^53).
 */
import { exportedAt, generatedProtobufCodec } from './generated-protobuf';
import { TS_PROTO_GENERATOR } from '../codegen/protobuf-tools';
import type { GeneratedMessageType } from './generated-protobuf-interop';

interface MessageFns {
  encode(message: unknown): { finish(): Uint8Array };
  decode(bytes: Uint8Array): unknown;
}

const codec = generatedProtobufCodec({
  runtime: 'ts-proto',
  generator: TS_PROTO_GENERATOR,
  outputFile: (protoFile) => protoFile.replace(/\.proto$/, '.js'),
  runtimes: {
    '@bufbuild/protobuf/wire': (): unknown => require('@bufbuild/protobuf/wire'),
    long: (): unknown => require('long'),
  },
  // ts-proto names nested messages Outer_Inner, without the package.
  messageType: (exports, name): GeneratedMessageType => {
    const type = exportedAt(exports, [name.replaceAll('.', '_')]) as MessageFns;
    return {
      read: (bytes) => type.decode(bytes),
      write: (message) => type.encode(message).finish(),
      decode: (bytes) => type.decode(bytes),
    };
  },
  library: 'ts-proto',
  notes: [{ code: 'ts-proto-defaults' }],
});

export const { prepare, generate } = codec;
