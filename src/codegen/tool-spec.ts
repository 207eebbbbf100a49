/**
 * What Payload Lab needs to know to find one external code generator: where a user may have
 * put it (a setting, an environment variable, a name on PATH), how to ask its version, and
 * what to install where it is missing. Code generators are tools the user installs: they are
 * found, never downloaded. Each family of formats lists its own tools (proto-tools.ts …).
 */

export interface ToolSpec {
  /** Key under `payloadLab.tools` (and in `CodegenSettings.tools`): `protoc`, `protocGenJs`. */
  id: string;
  /** The executable's name as looked for on PATH (without Windows' .exe / .cmd). */
  executable: string;
  /** Environment variable holding the executable's path: `PAYLOAD_LAB_PROTOC`. */
  env: string;
  /**
   * `args`: run it with these arguments and read the first line it prints (`protoc --version`).
   * `package.json`: an npm package's executable (a protoc plugin in JavaScript, which would wait
   * for a request on stdin instead of answering --version): the version of the package it is in.
   * `fileHash`: a plugin that answers no --version (protoc-gen-js): the version of the npm
   * package it is in when it is in one (`npm install -g protoc-gen-js`), else `sha256:` and the
   * start of the file's hash, which still tells two builds apart in the cache key.
   */
  version: { args: string[] } | { packageJson: string } | { fileHash: true; packageJson?: string };
  /**
   * A native executable: PATH entries inside `node_modules/.bin` are passed over for it. npm
   * packages put shims of these names there that download a binary when run
   * (@protobuf-ts/protoc's `protoc`), and npm scripts put that folder first on PATH.
   */
  native: boolean;
  /** An npm package Payload Lab itself depends on: its copy in Payload Lab's node_modules/.bin is found last. */
  ownDependency?: boolean;
  /**
   * The tool also comes as a WASI module (bebop-tools' bebopc.wasm): a setting or environment
   * variable may name the `.wasm` file, which runs under Node's WASI (wasi.ts).
   */
  wasi?: boolean;
  /** Exactly what to install, for the skipped row: `Debian/Ubuntu: apt-get install protobuf-compiler; …`. */
  install: string;
}

/** `payloadLab.tools.protoc`: the setting a user sets to point at the tool. */
export function settingOf(spec: ToolSpec): string {
  return `payloadLab.tools.${spec.id}`;
}
