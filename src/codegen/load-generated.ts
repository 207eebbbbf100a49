/**
 * Loads generated CommonJS modules from a cache folder, giving them their runtime libraries
 * from a require map instead of Node's resolution: generated code `require`s
 * `google-protobuf`, `@protobuf-ts/runtime`, `@bufbuild/protobuf/wire`…, and those must be
 * the copies bundled into Payload Lab (the versions it reports and tested), loaded only by the
 * codec that needs them, never whatever a node_modules near the cache folder might hold.
 * Relative requires load the folder's other generated files the same way; anything else fails
 * with its name.
 *
 * Generated code is untrusted code: a schema's text can end a comment in it and run as code. It
 * loads only in a sandboxed child process (processes/sandbox.ts, engine/codec-sandbox.ts); here,
 * anywhere else, nothing loads and the row says why.
 */
import type { NoteFact } from '../shared/results';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { notSandboxedBecause } from '../processes/sandbox';

/** Module name → its bundled copy, called on the first require. */
export type RuntimeModules = Readonly<Record<string, () => unknown>>;

interface LoadedModule {
  exports: unknown;
}

/**
 * Set only by the test suite, whose in-process tests of the codecs' glue load code generated from
 * their own fixture schemas (test/support/in-process-generated-code.ts). No bundle calls it
 * (a test checks): generated code reaches only its require map, never this module.
 */
let unsandboxedLoadsAllowedBecause: string | undefined;

export function allowUnsandboxedLoadsInThisProcess(because: string): void {
  unsandboxedLoadsAllowedBecause = because;
}

/** The note of a row whose generated code ran sandboxed: what the sandbox holds back, and what it does not. */
export function sandboxNotes(): NoteFact[] {
  return notSandboxedBecause() === undefined ? [{ code: 'sandboxed' }] : [];
}

/** Generated code was about to load outside a sandbox: the row is an error saying why. */
export class NotSandboxedError extends Error {
  override name = 'NotSandboxedError';
}

export class GeneratedModules {
  private readonly loaded = new Map<string, LoadedModule>();

  /**
   * `packageFolders`: package paths the generator points at for files it also wrote itself
   * (protoc-gen-js requires every import under google/protobuf/ from google-protobuf's package,
   * as if each were a well-known type): a specifier the runtimes lack, under such a prefix, is
   * the generated file in that folder.
   */
  constructor(
    private readonly folder: string,
    private readonly runtimes: RuntimeModules,
    private readonly packageFolders: Readonly<Record<string, string>> = {},
  ) {
    const why = unsandboxedLoadsAllowedBecause === undefined ? notSandboxedBecause() : undefined;
    if (why) throw new NotSandboxedError(`generated code is not loaded outside its sandbox, and ${why}: not run`);
  }

  /** The exports of `file` (relative to the folder). */
  require(file: string): Record<string, unknown> {
    return this.load(this.resolveInFolder(path.join(this.folder, file), file)) as Record<string, unknown>;
  }

  private load(file: string): unknown {
    const cached = this.loaded.get(file);
    if (cached) return cached.exports;
    const module: LoadedModule = { exports: {} };
    this.loaded.set(file, module);
    // compileFunction compiles through V8's API, not eval: it works where code generation from
    // strings is disallowed (the strict-CSP run), as require() does.
    const body = vm.compileFunction(fs.readFileSync(file, 'utf8'), ['exports', 'require', 'module', '__filename', '__dirname'], { filename: file });
    const requireFrom = (specifier: string) => this.requireFrom(file, specifier);
    body.call(module.exports, module.exports, requireFrom, module, file, path.dirname(file));
    return module.exports;
  }

  private requireFrom(requirer: string, specifier: string): unknown {
    if (specifier.startsWith('./') || specifier.startsWith('../')) {
      return this.load(this.resolveInFolder(path.resolve(path.dirname(requirer), specifier), specifier));
    }
    const runtime = this.runtimes[specifier];
    if (runtime) return runtime();
    for (const [prefix, folder] of Object.entries(this.packageFolders)) {
      if (!specifier.startsWith(prefix)) continue;
      const written = path.join(this.folder, folder, specifier.slice(prefix.length));
      if (fs.existsSync(written)) return this.load(this.resolveInFolder(written, specifier));
    }
    throw new Error(
      `generated code (${path.basename(requirer)}) requires '${specifier}', which Payload Lab does not provide to it (it provides ${Object.keys(this.runtimes).join(', ')})`,
    );
  }

  private resolveInFolder(target: string, specifier: string): string {
    const inside = path.relative(this.folder, target);
    if (inside.startsWith('..') || path.isAbsolute(inside)) throw new Error(`generated code requires '${specifier}', outside its folder`);
    for (const candidate of [target, `${target}.js`, path.join(target, 'index.js')]) {
      if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
    }
    throw new Error(`generated code requires '${specifier}', which the generator did not write`);
  }
}
