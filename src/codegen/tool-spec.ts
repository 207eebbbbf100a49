/**
 * What Payload Lab needs to know to find one external code generator: where a user may have
 * put it (a setting, an environment variable, a name on PATH), how to tell it is the tool and ask its
 * version, and
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
  /** How the program is made sure to be the tool, before anything of the user's is passed to it, and its version read. */
  identity: ToolIdentity;
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

/**
 * A setting or environment variable may name any program (a typo, a stale path, an interpreter
 * that would run the schema as a script), so a program is asked who it is, with nothing of the
 * user's, and its answer must be the tool's own words; only then is it given a schema.
 * - `banner`: run it with `args`; the first line it prints must match `pattern`, whose first
 *   group (where it has one) is the version. `shape` is what the error says the answer should
 *   look like. `failing`: the tool answers by exiting with an error (then its stderr is read).
 * - `npmBin`: a protoc plugin in JavaScript, which would wait for a request on stdin instead of
 *   answering --version: the file must be the one its npm package's `bin` names for the
 *   executable (symlinks resolved), and the version is that package's.
 * - `fileHash` (with a banner): a plugin whose answer carries no version (protoc-gen-js): the
 *   version of the npm package it is in when it is in one (`npm install -g protoc-gen-js`),
 *   else `sha256:` and the start of the file's hash, which still tells two builds apart in the
 *   cache key.
 */
export type ToolIdentity = { banner: Banner; fileHash?: { packageJson?: string } } | { npmBin: string };

export interface Banner {
  args: string[];
  pattern: RegExp;
  shape: string;
  failing?: boolean;
}

/** `payloadLab.tools.protoc`: the setting a user sets to point at the tool. */
export function settingOf(spec: ToolSpec): string {
  return `payloadLab.tools.${spec.id}`;
}
