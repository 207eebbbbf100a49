/**
 * The code generators of the FlatBuffers, Cap'n Proto and Bebop rows: flatc, capnp with
 * capnp-es's compiler plugin (JavaScript), and bebopc (native, or its WASI build under Node).
 * Each generator runs its tool on the schema file and copies the glue module (the code a user
 * writes around the generated classes, emitted per schema: codecs/zero-copy/) into the output,
 * so both are cached together under one key.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileArgument, type Generator, type GeneratorRun } from './generate';
import type { ToolSpec } from './tool-spec';
import { isWasmModule, wasiCommand } from './wasi';

export const FLATC: ToolSpec = {
  id: 'flatc',
  executable: 'flatc',
  env: 'PAYLOAD_LAB_FLATC',
  identity: { banner: { args: ['--version'], pattern: /^flatc version (\d+\.\d+\S*)$/, shape: 'flatc version X.Y.Z' } },
  native: true,
  install:
    'Debian/Ubuntu: apt-get install flatbuffers-compiler (flatc 2.0.8: its TypeScript is what the bundled flatbuffers 2.0.7 runtime reads); macOS: brew install flatbuffers; or a release of github.com/google/flatbuffers',
};

export const CAPNP: ToolSpec = {
  id: 'capnp',
  executable: 'capnp',
  env: 'PAYLOAD_LAB_CAPNP',
  identity: { banner: { args: ['--version'], pattern: /^Cap'n Proto version (\d+\.\d+\S*)$/, shape: "Cap'n Proto version X.Y" } },
  native: true,
  install: 'Debian/Ubuntu: apt-get install capnproto; macOS: brew install capnp; or capnproto.org/install.html',
};

/**
 * capnp-es's compiler plugin (a Node script: `node` must be on PATH for capnp to start it). It
 * reads capnp's request from stdin whatever its arguments: told by its file (ToolIdentity).
 */
export const CAPNPC_TS: ToolSpec = {
  id: 'capnpcTs',
  executable: 'capnpc-ts',
  env: 'PAYLOAD_LAB_CAPNPC_TS',
  identity: { npmBin: 'capnp-es' },
  native: false,
  ownDependency: true,
  install: 'npm install -g capnp-es typescript (its compiler plugin needs TypeScript, and node on PATH)',
};

export const BEBOPC: ToolSpec = {
  id: 'bebopc',
  executable: 'bebopc',
  env: 'PAYLOAD_LAB_BEBOPC',
  // bebopc (native or WASI) prints its version alone: `3.2.3`.
  identity: { banner: { args: ['--version'], pattern: /^(\d+\.\d+\.\d+(?:[-+][\w.+-]*)?)$/, shape: 'a version alone, such as 3.2.3' } },
  native: true,
  wasi: true,
  install:
    'npm install -g bebop-tools; or `npm install bebop-tools --ignore-scripts` anywhere and point the setting at its tools/wasi/wasm/bebopc.wasm, which runs under Node on every platform',
};

/** A user's own schema in one of these formats (read by codecs/zero-copy/user/user-schema.ts). */
export const ZERO_COPY_TOOLS: readonly ToolSpec[] = [FLATC, CAPNP, CAPNPC_TS, BEBOPC];

/** The glue module's file name, in the schema folder and in the output. */
export const GLUE_FILE = 'payload-lab-glue.js';

/** The glue goes beside the generated code; reading a user's schema generates without one. */
function copyGlue(run: GeneratorRun): void {
  const glue = path.join(run.schemaDir, GLUE_FILE);
  if (fs.existsSync(glue)) fs.copyFileSync(glue, path.join(run.outDir, GLUE_FILE));
}

/**
 * flatc's TypeScript (one file per type and `<schema>_generated.ts` exporting them all), for the
 * included files' types too (`--gen-all`: without it flatc writes only the entry's, and its code
 * requires files that are not there).
 */
export const FLATBUFFERS_GENERATOR: Generator = {
  id: 'flatc-ts',
  tools: [FLATC],
  options: { args: '--ts --gen-all' },
  generate: async (run) => {
    await run.exec(run.tools.flatc!, ['--ts', '--gen-all', '-o', run.outDir, ...run.entries.map(fileArgument)]);
    copyGlue(run);
  },
};

/** capnp compile with capnp-es's TypeScript plugin (`<schema>.ts`). */
export const CAPNP_GENERATOR: Generator = {
  id: 'capnp-es-ts',
  tools: [CAPNP, CAPNPC_TS],
  options: { plugin: 'capnpc-ts' },
  generate: async (run) => {
    await run.exec(run.tools.capnp!, ['compile', `-o${run.tools.capnpcTs!}:${run.outDir}`, '--', ...run.entries]);
    copyGlue(run);
  },
};

/**
 * bebopc's TypeScript (`<schema>.ts`). The WASI build sees only the generation's own folder
 * (schema/ and out/ side by side), as `/`; bebopc needs `/` to be its working directory.
 */
export const BEBOP_GENERATOR: Generator = {
  id: 'bebopc-ts',
  tools: [BEBOPC],
  options: { generator: 'ts', diagnostics: 'MSBuild' },
  generate: async (run) => {
    const bebopc = run.tools.bebopc!;
    // One line per diagnostic (the default draws boxes): read for file:line:column (user-schema.ts).
    const diagnostics = ['-df', 'MSBuild'];
    for (const entry of run.entries) {
      const output = entry.replace(/\.bop$/i, '.ts');
      if (isWasmModule(bebopc)) {
        const root = path.dirname(run.schemaDir);
        const inRoot = (file: string) => `/${path.relative(root, file).split(path.sep).join('/')}`;
        const launch = wasiCommand(bebopc, { '/': root }, [
          '-i',
          inRoot(path.join(run.schemaDir, entry)),
          ...diagnostics,
          'build',
          '-g',
          `ts:${inRoot(path.join(run.outDir, output))}`,
        ]);
        await run.exec(launch.command, launch.args, { env: launch.env, label: launch.label });
      } else {
        await run.exec(bebopc, ['-i', fileArgument(entry), ...diagnostics, 'build', '-g', `ts:${path.join(run.outDir, output)}`]);
      }
    }
    copyGlue(run);
  },
};

/**
 * A user's own .fbs, as flatc understands it: its binary schema (`flatc -b --schema`, a
 * FlatBuffer of reflection.fbs), read by codecs/zero-copy/user/fbs-reflection.ts.
 */
export const FLATBUFFERS_SCHEMA_READER: Generator = {
  id: 'flatc-bfbs',
  tools: [FLATC],
  // --bfbs-builtins: the built-in attributes too (bit_flags, which says how an enum's JSON reads).
  options: { args: '-b --schema --bfbs-builtins' },
  generate: async (run) => {
    await run.exec(run.tools.flatc!, ['-b', '--schema', '--bfbs-builtins', '-o', run.outDir, ...run.entries.map(fileArgument)]);
  },
};

/**
 * A user's own .capnp, as capnp understands it: the CodeGeneratorRequest it hands plugins
 * (`capnp compile -o-` writes it to stdout), saved as `<schema>.request` and read by
 * codecs/zero-copy/user/capnp-reflection.ts.
 */
export const CAPNP_SCHEMA_READER: Generator = {
  id: 'capnp-request',
  tools: [CAPNP],
  options: { output: '-' },
  generate: async (run) => {
    for (const entry of run.entries) {
      const { bytes } = await run.exec(run.tools.capnp!, ['compile', '-o-', '--', entry], { binaryStdout: true });
      fs.writeFileSync(path.join(run.outDir, `${entry}.request`), bytes!);
    }
  },
};
