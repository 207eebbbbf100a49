/**
 * Finds an external tool the way the user expects, first match wins: the setting
 * (`payloadLab.tools.<id>`, handed in as plain data: the engine does not import vscode), the
 * environment variable, PATH, and for the npm plugins Payload Lab depends on, its own
 * node_modules/.bin. A setting or variable that names something unusable is reported as it is,
 * not passed over: the user meant that one. A setting or variable must be an absolute path, and
 * whatever is found must show it is the tool (ToolIdentity) before it is given anything of the
 * user's; the version comes from the tool itself.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ProgramRunError, runProgram } from '../processes/run-program';
import { settingOf, type Banner, type ToolSpec } from './tool-spec';
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

export type ToolLookup = { found: true; spec: ToolSpec; path: string; from: ToolSource; version: string } | { found: false; spec: ToolSpec; problem: string };

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
  return {
    found: false,
    spec,
    problem: `${spec.executable} was not found (${settingOf(spec)} and ${spec.env} are not set, and it is not on PATH). ${howToProvide(spec)}`,
  };
}

/** The fix a skipped row shows: what to install, and where to point Payload Lab at it. */
export function howToProvide(spec: ToolSpec): string {
  return `Install it (${spec.install}), or set ${settingOf(spec)} (a machine setting: User settings, or Remote settings in a remote window; the CLI: the environment variable ${spec.env}) to its absolute path.`;
}

/** The program is not the tool: it answered something else, or is not the file its package names. */
class NotTheTool extends Error {}

async function checked(spec: ToolSpec, candidate: string, from: ToolSource, where: string, search: ToolSearch): Promise<ToolLookup> {
  // A relative path would be resolved against whatever folder Payload Lab runs in (in VS Code,
  // often the workspace): the program run would be chosen by where, not by the user.
  if (!path.isAbsolute(candidate)) {
    return {
      found: false,
      spec,
      problem: `${where} is ${candidate}, a relative path: it is not used (it would depend on the folder Payload Lab runs in). ${howToProvide(spec)}`,
    };
  }
  const resolved = path.normalize(candidate);
  const wasm = spec.wasi === true && isWasmModule(resolved) && fs.existsSync(resolved) && fs.statSync(resolved).isFile();
  if (!wasm && !isExecutableFile(resolved)) {
    return { found: false, spec, problem: `${where} names ${candidate}, which is not an executable file. ${howToProvide(spec)}` };
  }
  try {
    return { found: true, spec, path: resolved, from, version: await identify(spec, resolved, search) };
  } catch (error) {
    if (error instanceof NotTheTool) {
      return {
        found: false,
        spec,
        problem: `${where === 'PATH' ? `${resolved}, found on PATH,` : `${where} names ${resolved}, which`} is not ${spec.executable}: ${error.message}; nothing of yours was passed to it. ${howToProvide(spec)}`,
      };
    }
    return { found: false, spec, problem: `${spec.executable} from ${where} (${resolved}) does not run: ${(error as Error).message}. ${howToProvide(spec)}` };
  }
}

/** The tool's version, once the program has shown it is the tool (else a NotTheTool). */
async function identify(spec: ToolSpec, executable: string, { signal, cacheDir }: ToolSearch): Promise<string> {
  const { identity } = spec;
  if ('npmBin' in identity) return npmBinVersion(spec.executable, executable, identity.npmBin);
  const { banner } = identity;
  const ask = async () => {
    const answer = await bannerOf(spec, executable, banner, signal);
    const lines = answer
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const matched = lines[0] === undefined ? null : banner.pattern.exec(lines[0]);
    if (!matched)
      throw new NotTheTool(
        `\`${spec.executable} ${banner.args.join(' ')}\` answers "${banner.shape}", and it printed ${lines.length > 0 ? `"${lines.slice(0, 3).join(' / ').slice(0, 300)}"` : 'nothing'}`,
      );
    return matched[1] ?? matched[0];
  };
  // Only an answer that passed is remembered; the pattern is part of the question, so an answer
  // kept before a check was asked for (or under another check) is asked again.
  const answer = cacheDir === undefined ? await ask() : await rememberedVersion(cacheDir, executable, [...banner.args, banner.pattern.source], ask);
  if (!identity.fileHash) return answer;
  const { packageJson } = identity.fileHash;
  const fromPackage = packageJson && packageAbove(fs.realpathSync(executable), packageJson)?.version;
  return fromPackage || `sha256:${createHash('sha256').update(fs.readFileSync(executable)).digest('hex').slice(0, 12)}`;
}

/** What the program prints when asked who it is (its stdout, else its stderr); a tool that answers by failing, its stderr. */
async function bannerOf(spec: ToolSpec, executable: string, banner: Banner, signal: AbortSignal | undefined): Promise<string> {
  // A WASI module is asked with no folder given to it: it sees nothing of the machine's.
  const launch = spec.wasi && isWasmModule(executable) ? wasiCommand(executable, {}, banner.args) : { command: executable, args: banner.args };
  try {
    const { stdout, stderr } = await runProgram(launch.command, launch.args, {
      timeoutMs: VERSION_TIMEOUT_MS,
      ...(signal ? { signal } : {}),
      ...('env' in launch ? { env: launch.env, label: launch.label } : {}),
    });
    if (banner.failing)
      throw new NotTheTool(
        `\`${spec.executable} ${banner.args.join(' ')}\` fails with "${banner.shape}", and it succeeded, printing "${(stdout.trim() || stderr.trim()).slice(0, 300)}"`,
      );
    return stdout.trim() || stderr.trim();
  } catch (error) {
    if (banner.failing && error instanceof ProgramRunError && error.reason === 'exit') return error.stderrTail;
    throw error;
  }
}

/**
 * The version of the npm package whose `bin` names this file as `name`: a JavaScript plugin is
 * the package's own entry point, not merely some file somewhere inside it.
 */
function npmBinVersion(name: string, executable: string, packageName: string): string {
  const real = fs.realpathSync(executable);
  const found = packageAbove(real, packageName);
  if (!found) throw new NotTheTool(`it is not inside the npm package ${packageName} (it resolves to ${real})`);
  const bin = typeof found.manifest.bin === 'string' ? { [packageName.replace(/^@[^/]+\//, '')]: found.manifest.bin } : (found.manifest.bin ?? {});
  const named = bin[name];
  const target = named === undefined ? undefined : realpathOrSelf(path.resolve(found.dir, named));
  if (target !== real)
    throw new NotTheTool(
      `${packageName}'s package.json (${path.join(found.dir, 'package.json')}) names ${named === undefined ? `no bin ${name}` : `${named} as its bin ${name}`}, and this file resolves to ${real}`,
    );
  return found.version;
}

interface PackageManifest {
  name?: string;
  version?: string;
  bin?: string | Record<string, string>;
}

function packageAbove(file: string, packageName: string): { dir: string; version: string; manifest: PackageManifest } | undefined {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const parsed = JSON.parse(fs.readFileSync(manifest, 'utf8')) as PackageManifest;
      if (parsed.name === packageName) return { dir, version: parsed.version ?? '', manifest: parsed };
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

function realpathOrSelf(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return file;
  }
}

function searchPath(spec: ToolSpec, env: NodeJS.ProcessEnv): string | undefined {
  const entries = (env.PATH ?? env.Path ?? '').split(path.delimiter).filter(Boolean);
  for (const dir of entries) {
    // A relative entry (`.`) would find whatever the current folder holds: a workspace's file.
    if (!path.isAbsolute(dir)) continue;
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
