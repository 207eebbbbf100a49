/**
 * Finds an external tool the way the user expects, first match wins: the setting
 * (`payloadLab.tools.<id>`, handed in as plain data: the engine does not import vscode), the
 * environment variable, PATH, and for the npm plugins Payload Lab depends on, its own
 * node_modules/.bin. A setting or variable that names something unusable is reported as it is,
 * not passed over: the user meant that one. The version comes from the tool itself.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runProgram } from '../processes/run-program';
import { settingOf, type ToolSpec } from './tool-spec';
import { rememberedVersion } from './cache';
import { isWasmModule, wasiCommand } from './wasi';

/** Where the tools are looked for; every field defaults to this process's. */
export interface ToolSearch {
  /** `payloadLab.tools.*` as set: tool id → path. */
  settings?: Readonly<Record<string, string | undefined>>;
  env?: NodeJS.ProcessEnv;
  /** Payload Lab's own node_modules/.bin (default: found by walking up from this file). */
  ownBinDir?: string | null;
  signal?: AbortSignal;
  /** Where a tool's answer to `--version` is kept for the next run (cache.ts); absent: asked every time. */
  cacheDir?: string;
}

export type ToolSource = 'setting' | 'environment' | 'PATH' | "Payload Lab's dependencies";

export type ToolLookup =
  | { found: true; spec: ToolSpec; path: string; from: ToolSource; version: string }
  | { found: false; spec: ToolSpec; problem: string };

const VERSION_TIMEOUT_MS = 15_000;

export async function findTool(spec: ToolSpec, search: ToolSearch = {}): Promise<ToolLookup> {
  const env = search.env ?? process.env;
  const configured = search.settings?.[spec.id]?.trim();
  if (configured) return checked(spec, configured, 'setting', `the setting ${settingOf(spec)}`, search);
  const fromEnv = env[spec.env]?.trim();
  if (fromEnv) return checked(spec, fromEnv, 'environment', `the environment variable ${spec.env}`, search);
  const onPath = searchPath(spec, env);
  if (onPath) return checked(spec, onPath, 'PATH', 'PATH', search);
  const ownBin = search.ownBinDir === undefined ? ownBinDir() : search.ownBinDir;
  const own = spec.ownDependency && ownBin ? executableIn(ownBin, spec.executable, env) : undefined;
  if (own) return checked(spec, own, "Payload Lab's dependencies", "Payload Lab's node_modules", search);
  return { found: false, spec, problem: `${spec.executable} was not found (${settingOf(spec)} and ${spec.env} are not set, and it is not on PATH). ${howToProvide(spec)}` };
}

/** The fix a skipped row shows: what to install, and where to point Payload Lab at it. */
export function howToProvide(spec: ToolSpec): string {
  return `Install it (${spec.install}), or set ${settingOf(spec)} (the CLI: the environment variable ${spec.env}) to its path.`;
}

async function checked(spec: ToolSpec, candidate: string, from: ToolSource, where: string, search: ToolSearch): Promise<ToolLookup> {
  const resolved = path.resolve(candidate);
  const wasm = spec.wasi === true && isWasmModule(resolved) && fs.existsSync(resolved) && fs.statSync(resolved).isFile();
  if (!wasm && !isExecutableFile(resolved)) {
    return { found: false, spec, problem: `${where} names ${candidate}, which is not an executable file. ${howToProvide(spec)}` };
  }
  try {
    return { found: true, spec, path: resolved, from, version: await versionOf(spec, resolved, search) };
  } catch (error) {
    return { found: false, spec, problem: `${spec.executable} from ${where} (${resolved}) does not run: ${(error as Error).message}. ${howToProvide(spec)}` };
  }
}

async function versionOf(spec: ToolSpec, executable: string, { signal, cacheDir }: ToolSearch): Promise<string> {
  const { version } = spec;
  if ('fileHash' in version) {
    const fromPackage = version.packageJson && packageVersionAbove(fs.realpathSync(executable), version.packageJson);
    return fromPackage || `sha256:${createHash('sha256').update(fs.readFileSync(executable)).digest('hex').slice(0, 12)}`;
  }
  if ('packageJson' in version) {
    const fromPackage = packageVersionAbove(fs.realpathSync(executable), version.packageJson);
    if (!fromPackage) throw new Error(`it is not inside the npm package ${version.packageJson}`);
    return fromPackage;
  }
  const ask = async () => {
    const launch = spec.wasi && isWasmModule(executable) ? wasiCommand(executable, {}, version.args) : { command: executable, args: version.args };
    const { stdout, stderr } = await runProgram(launch.command, launch.args, { timeoutMs: VERSION_TIMEOUT_MS, ...(signal ? { signal } : {}), ...('env' in launch ? { env: launch.env, label: launch.label } : {}) });
    const line = (stdout.trim() || stderr.trim()).split('\n')[0]?.trim();
    if (!line) throw new Error(`${version.args.join(' ')} printed nothing`);
    // `libprotoc 3.21.12`, `flatc version 2.0.8`: the version is the last word.
    return line.split(/\s+/).at(-1)!;
  };
  return cacheDir === undefined ? ask() : rememberedVersion(cacheDir, executable, version.args, ask);
}

function packageVersionAbove(file: string, packageName: string): string | undefined {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const parsed = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (parsed.name === packageName) return parsed.version;
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

function searchPath(spec: ToolSpec, env: NodeJS.ProcessEnv): string | undefined {
  const entries = (env.PATH ?? env.Path ?? '').split(path.delimiter).filter(Boolean);
  for (const dir of entries) {
    // npm's shims of native tools download binaries when run (see ToolSpec.native).
    if (spec.native && /node_modules[\\/]\.bin[\\/]?$/.test(dir)) continue;
    const found = executableIn(dir, spec.executable, env);
    if (found) return found;
  }
  return undefined;
}

function executableIn(dir: string, name: string, env: NodeJS.ProcessEnv): string | undefined {
  const suffixes = process.platform === 'win32' ? ['', ...(env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';').map((ext) => ext.toLowerCase())] : [''];
  for (const suffix of suffixes) {
    const candidate = path.join(dir, name + suffix);
    if (isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

function isExecutableFile(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Payload Lab's node_modules/.bin: beside the bundle's folder (dist/) or the repository's. */
function ownBinDir(): string | undefined {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const bin = path.join(dir, 'node_modules', '.bin');
    if (fs.existsSync(bin)) return bin;
    if (path.dirname(dir) === dir) return undefined;
  }
}
