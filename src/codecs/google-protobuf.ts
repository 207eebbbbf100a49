/**
 * Protocol Buffers with google-protobuf, Google's JavaScript library. It works only from code
 * that protoc generates with the protoc-gen-js plugin: neither is an npm library this extension
 * can ship, so without them the row is skipped and says exactly what to install. Running the
 * generator at run time (PAYLOAD_LAB_PROTOC pointing at protoc) is not implemented yet: it could
 * not be built and tested where this was written (no protoc download there).
 */
import { UnsupportedSampleError, type CodecModule } from './codec';

export const PROTOC_ENV = 'PAYLOAD_LAB_PROTOC';

export const prepare: CodecModule['prepare'] = () => {
  const protoc = process.env[PROTOC_ENV];
  if (protoc) {
    throw new UnsupportedSampleError(
      `${PROTOC_ENV} is set (${protoc}), but generating google-protobuf code at run time is not implemented in this version of Payload Lab: ` +
        'the row stays skipped.',
    );
  }
  throw new UnsupportedSampleError(
    'google-protobuf needs code generated from the schema by protoc with the protoc-gen-js plugin. ' +
      'Install protoc (https://github.com/protocolbuffers/protobuf/releases), protoc-gen-js (npm install -g protoc-gen-js) and google-protobuf, ' +
      `then set the environment variable ${PROTOC_ENV} to the protoc executable.`,
  );
};
