/**
 * The Protocol Buffers code generators: protoc and its plugins for google-protobuf
 * (protoc-gen-js), ts-proto and protobuf-ts. The JavaScript plugins run with protoc as
 * `--plugin=protoc-gen-NAME=PATH`, like the native one.
 */
import * as path from 'node:path';
import type { Generator } from './generate';
import type { ToolSpec } from './tool-spec';

export const PROTOC: ToolSpec = {
  id: 'protoc',
  executable: 'protoc',
  env: 'PAYLOAD_LAB_PROTOC',
  identity: { banner: { args: ['--version'], pattern: /^libprotoc (\d+\.\d+\S*)$/, shape: 'libprotoc X.Y' } },
  native: true,
  install: 'Debian/Ubuntu: apt-get install protobuf-compiler; macOS: brew install protobuf; or a release of github.com/protocolbuffers/protobuf',
};

export const PROTOC_GEN_JS: ToolSpec = {
  id: 'protocGenJs',
  executable: 'protoc-gen-js',
  env: 'PAYLOAD_LAB_PROTOC_GEN_JS',
  // It answers no --version: protobuf's plugin main (plugin.cc), which every C++ protoc plugin
  // is built on, refuses any argument with `<argv[0]>: Unknown option: <argument>` and exit 1.
  // That answer tells a protoc plugin from an interpreter or another program; which build it
  // is, the file's hash says (or its npm package).
  identity: {
    banner: {
      args: ['--version'],
      pattern: /: Unknown option: --version$/,
      shape: "protoc-gen-js: Unknown option: --version (protobuf's plugin main refusing the argument)",
      failing: true,
    },
    fileHash: { packageJson: 'protoc-gen-js' },
  },
  native: true,
  install: 'npm install -g protoc-gen-js, or build it from github.com/protocolbuffers/protobuf-javascript',
};

/**
 * A protoc plugin written in JavaScript, from an npm package Payload Lab also depends on. Run
 * with any argument it would still wait for protoc's request on stdin, so it is told by its
 * file: the one its package's `bin` names (ToolIdentity).
 */
function npmPlugin(id: string, executable: string, env: string, packageName: string): ToolSpec {
  return { id, executable, env, identity: { npmBin: packageName }, native: false, ownDependency: true, install: `npm install -g ${packageName}` };
}

export const PROTOC_GEN_TS_PROTO = npmPlugin('protocGenTsProto', 'protoc-gen-ts_proto', 'PAYLOAD_LAB_PROTOC_GEN_TS_PROTO', 'ts-proto');

export const PROTOC_GEN_TS = npmPlugin('protocGenTs', 'protoc-gen-ts', 'PAYLOAD_LAB_PROTOC_GEN_TS', '@protobuf-ts/plugin');

export const PROTOBUF_TOOLS: readonly ToolSpec[] = [PROTOC, PROTOC_GEN_JS, PROTOC_GEN_TS_PROTO, PROTOC_GEN_TS];

/** A generator made of protoc and one plugin, with the plugin's output options. */
function protocPlugin(id: string, plugin: ToolSpec, name: string, parameter: string): Generator {
  return {
    id,
    tools: [PROTOC, plugin],
    options: { parameter },
    generate: async (run) => {
      await run.exec(run.tools.protoc!, [
        `--plugin=protoc-gen-${name}=${run.tools[plugin.id]!}`,
        `--${name}_out=${parameter ? `${parameter}:` : ''}${run.outDir}`,
        `--proto_path=${run.schemaDir}`,
        // protoc takes no `--`; an absolute name under the proto path maps back to the entry.
        ...run.entries.map((entry) => path.join(run.schemaDir, entry)),
      ]);
    },
  };
}

/** google-protobuf's generator: CommonJS modules with the binary format (`NAME_pb.js`). */
export const GOOGLE_PROTOBUF_GENERATOR = protocPlugin('protoc-gen-js', PROTOC_GEN_JS, 'js', 'import_style=commonjs,binary');

/** ts-proto with its defaults: what a team that adds it gets. */
export const TS_PROTO_GENERATOR = protocPlugin('ts-proto', PROTOC_GEN_TS_PROTO, 'ts_proto', '');

/** protobuf-ts with its defaults (speed-optimized code, not reflection). */
export const PROTOBUF_TS_GENERATOR = protocPlugin('protobuf-ts', PROTOC_GEN_TS, 'ts', '');
