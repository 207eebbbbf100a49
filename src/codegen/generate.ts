/**
 * Code generation at run time, for any generator: find its tools, and unless the cache already
 * holds the output for this schema, generator, tool versions and options, run the tools in
 * child processes (src/processes/run-program.ts) and turn generated TypeScript into JavaScript (transpile.ts).
 * A cache folder holds `schema/` (the files given to the tools), `out/` (what they wrote, with
 * a .js beside each .ts) and `manifest.json` (tools, versions, how long generation took).
 * A missing tool is a skipped row that says what to install and which setting to use.
 */
import type { NoteFact } from '../shared/results';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { UnsupportedSampleError } from '../schema/sample-contracts';
import { cacheKey, defaultCacheDir, lookUpCached, storeInCache } from './cache';
import { findTool, type ToolLookup, type ToolSource } from './find-tool';
import { runProgram, type ProgramOutput } from '../processes/run-program';
import type { ToolSpec } from './tool-spec';
import type { CodegenSettings, PregeneratedCode } from '../shared/codec-job';
import { transpileTypeScript } from './transpile';
import { findUnsafeText, guardedLanguageOf } from './schema-text-guard';

export const DEFAULT_TOOL_TIMEOUT_MS = 60_000;

export interface SchemaFiles {
  /** Paths relative to the schema folder → text (imports included). */
  files: Readonly<Record<string, string>>;
  /** The files the generator is run on (each is generated; the others are only imported). */
  entries: readonly string[];
  /** Files that are the user's own as written: their path, so a refusal points into them. */
  origins?: Readonly<Record<string, string>>;
}

export interface Generator {
  /** Names it in notes and in the cache key: `protoc-gen-js`. */
  id: string;
  tools: readonly ToolSpec[];
  /** Whatever changes the output besides the schema and tool versions (part of the cache key). */
  options: Readonly<Record<string, string>>;
  /** Runs the tools (through `run.exec`) on `run.schemaDir`, writing into `run.outDir`. */
  generate(run: GeneratorRun): Promise<void>;
}

export interface GeneratorRun {
  /** Tool id → the executable found. */
  tools: Readonly<Record<string, string>>;
  /** Absolute, as is `outDir`: neither can be read as an option on a command line. */
  schemaDir: string;
  outDir: string;
  /** Relative to `schemaDir`; a user's file may be named `-o.fbs`: pass them through `fileArgument`. */
  entries: readonly string[];
  /** Runs one tool in a child process with the run's timeout and signal; timed for the notes. */
  /** `options`: the child's whole environment where it needs its own, and the name errors give it (a WASI module: wasi.ts). */
  exec(command: string, args: readonly string[], options?: { env?: NodeJS.ProcessEnv; label?: string; binaryStdout?: boolean }): Promise<ProgramOutput>;
}

export interface UsedTool {
  id: string;
  executable: string;
  version: string;
  path: string;
  from: ToolSource;
}

export interface GenerationStep {
  /** `protoc + protoc-gen-js`, `sucrase`. */
  label: string;
  ms: number;
}

export interface GeneratedCode {
  /** The generated files (JavaScript beside any TypeScript). */
  outDir: string;
  cached: boolean;
  key: string;
  tools: UsedTool[];
  /** What generation took when it ran: this run's on a miss, the original run's on a hit. */
  steps: GenerationStep[];
}

interface Manifest {
  generator: string;
  tools: UsedTool[];
  options: Readonly<Record<string, string>>;
  steps: GenerationStep[];
  generatedAt: string;
}

/** Some tool of a generator is missing or unusable: the row is skipped with how to fix it. */
export class MissingToolError extends UnsupportedSampleError {
  override name = 'MissingToolError';
}

/**
 * A schema file as a tool's argument: `./-o.fbs`, never `-o.fbs`, which flatc, protoc and
 * bebopc read as an option (flatc's `--` starts its binary files, protoc has none; capnp has one).
 */
export function fileArgument(entry: string): string {
  return path.isAbsolute(entry) ? entry : `./${entry}`;
}

/**
 * Schema text a generator would copy into its code as code (a comment end, a line break in a
 * string: schema-text-guard.ts): refused before the generator runs. An error row, not a skip:
 * the schema must change.
 */
export class UnsafeSchemaError extends Error {
  override name = 'UnsafeSchemaError';
}

/**
 * The generator's code for `schema`: from the cache, or generated now. In a sandbox (settings
 * with `pregenerated`) it is what was generated before the sandbox started, and nothing runs.
 */
export async function generateCode(generator: Generator, schema: SchemaFiles, settings: CodegenSettings = {}, signal?: AbortSignal): Promise<GeneratedCode> {
  // Not even a version is asked: every caller's rows are skipped with the reason (compare.ts skips them before a worker starts).
  if (settings.restricted !== undefined) throw new MissingToolError(settings.restricted);
  if (settings.pregenerated) return pregeneratedCode(generator, schema, settings.pregenerated);
  if (!recording) return generateOrFind(generator, schema, settings, signal);
  const record = (outcome: PregeneratedCode['outcome']) => recording?.push({ schemaKey: schemaKeyOf(generator, schema), outcome });
  try {
    const code = await generateOrFind(generator, schema, settings, signal);
    record({ ok: true, code });
    return code;
  } catch (error) {
    record({ ok: false, skipped: error instanceof UnsupportedSampleError, message: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}

/** Where `generateCode` calls are recorded (one job at a time per worker: see recordGenerations). */
let recording: PregeneratedCode[] | undefined;

/**
 * Runs `work` (a codec's `generate`), recording every generation it does, for a sandboxed job
 * to use. Its own failure is left out: the job, doing the same work, fails the same way.
 */
export async function recordGenerations(work: () => Promise<unknown>): Promise<PregeneratedCode[]> {
  const records: PregeneratedCode[] = [];
  recording = records;
  try {
    await work();
  } catch {
    // The job says it.
  } finally {
    recording = undefined;
  }
  return records;
}

/** The files, entries, generator and options: what the generated code depends on besides tool versions. */
function schemaKeyOf(generator: Generator, schema: SchemaFiles): string {
  return cacheKey({ generator: generator.id, options: generator.options, files: schema.files, entries: schema.entries });
}

function pregeneratedCode(generator: Generator, schema: SchemaFiles, records: readonly PregeneratedCode[]): GeneratedCode {
  const schemaKey = schemaKeyOf(generator, schema);
  const found = records.find((record) => record.schemaKey === schemaKey);
  if (!found)
    throw new Error(`${generator.id}: no code was generated for this schema before the sandbox started (the schema differs from the one generated): not run`);
  const { outcome } = found;
  if (!outcome.ok) throw outcome.skipped ? new UnsupportedSampleError(outcome.message) : new Error(outcome.message);
  const key = cacheKey({
    generator: generator.id,
    options: generator.options,
    files: schema.files,
    entries: schema.entries,
    tools: outcome.code.tools.map(({ id, version }) => ({ id, version })),
  });
  if (key !== outcome.code.key) throw new Error(`${generator.id}: the generated code's key differs from this schema's: not run`);
  // `from` crossed as a string; it was a ToolSource where it was found.
  return { ...outcome.code, tools: outcome.code.tools as UsedTool[] };
}

async function generateOrFind(generator: Generator, schema: SchemaFiles, settings: CodegenSettings, signal?: AbortSignal): Promise<GeneratedCode> {
  refuseUnsafeText(generator, schema);
  const cacheDir = path.resolve(settings.cacheDir ?? defaultCacheDir());
  const tools = await findTools(generator.tools, { ...settings, cacheDir }, signal);
  const used = tools.map(({ spec, path: executable, from, version }) => ({ id: spec.id, executable: spec.executable, version, path: executable, from }));
  const key = cacheKey({
    generator: generator.id,
    options: generator.options,
    files: schema.files,
    entries: schema.entries,
    tools: used.map(({ id, version }) => ({ id, version })),
  });
  const hit = lookUpCached(cacheDir, key);
  if (hit) {
    const manifest = JSON.parse(fs.readFileSync(path.join(hit, 'manifest.json'), 'utf8')) as Manifest;
    return { outDir: path.join(hit, 'out'), cached: true, key, tools: used, steps: manifest.steps };
  }
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
  const steps: GenerationStep[] = [];
  const folder = await storeInCache(cacheDir, key, async (temporary) => {
    const schemaDir = path.join(temporary, 'schema');
    const outDir = path.join(temporary, 'out');
    for (const [name, text] of Object.entries(schema.files)) writeInside(schemaDir, name, text);
    fs.mkdirSync(outDir, { recursive: true });
    await generator.generate({
      tools: Object.fromEntries(tools.map((tool) => [tool.spec.id, tool.path])),
      schemaDir,
      outDir,
      entries: schema.entries,
      exec: async (command, args, options = {}) => {
        const started = performance.now();
        const output = await runProgram(command, args, { cwd: schemaDir, timeoutMs, ...(signal ? { signal } : {}), ...options });
        steps.push({ label: generator.tools.map((tool) => tool.executable).join(' + '), ms: performance.now() - started });
        return output;
      },
    });
    const started = performance.now();
    const transpiled = await transpileFolder(outDir);
    if (transpiled > 0) steps.push({ label: `sucrase (${transpiled} TypeScript file${transpiled > 1 ? 's' : ''})`, ms: performance.now() - started });
    const manifest: Manifest = { generator: generator.id, tools: used, options: generator.options, steps, generatedAt: new Date().toISOString() };
    fs.writeFileSync(path.join(temporary, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  });
  return { outDir: path.join(folder, 'out'), cached: false, key, tools: used, steps };
}

/** The note a row shows: which tools generated its code, and what generation cost this run. */
export function describeGeneration(generated: GeneratedCode): NoteFact {
  return {
    code: 'codegen-timing',
    cached: generated.cached,
    steps: generated.steps.map(({ label, ms }) => ({ label, ms })),
    tools: generated.tools.map(({ executable, version }) => ({ executable, version })),
    dir: path.dirname(generated.outDir),
  };
}

/** Every tool of the generator, or one error naming each missing tool and its fix. */
async function findTools(specs: readonly ToolSpec[], settings: CodegenSettings, signal?: AbortSignal): Promise<Array<ToolLookup & { found: true }>> {
  const lookups = await Promise.all(
    specs.map((spec) =>
      findTool(spec, {
        ...(settings.tools ? { settings: settings.tools } : {}),
        ...(settings.cacheDir ? { cacheDir: settings.cacheDir } : {}),
        ...(signal ? { signal } : {}),
      }),
    ),
  );
  const missing = lookups.filter((lookup): lookup is ToolLookup & { found: false } => !lookup.found);
  if (missing.length > 0) throw new MissingToolError(missing.map((lookup) => lookup.problem).join(' '));
  return lookups as Array<ToolLookup & { found: true }>;
}

function writeInside(folder: string, name: string, text: string): void {
  const target = path.resolve(folder, name);
  const inside = path.relative(folder, target);
  if (inside.startsWith('..') || path.isAbsolute(inside)) throw new Error(`schema file ${name} is outside the schema folder`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, text);
}

/** Each schema file's first comment end or line break a generator would copy into code, refused with where it is. */
function refuseUnsafeText(generator: Generator, schema: SchemaFiles): void {
  for (const [name, text] of Object.entries(schema.files)) {
    const language = guardedLanguageOf(name);
    const unsafe = language && findUnsafeText(text, language);
    if (!unsafe) continue;
    const origin = schema.origins?.[name];
    const where = origin ? `${origin}:${unsafe.line}:${unsafe.column}` : `${name}:${unsafe.line}:${unsafe.column} (the schema written for ${generator.id})`;
    throw new UnsafeSchemaError(
      `${where}: ${unsafe.what}, which ${generator.id} would copy into the code it writes, ending a comment or a string there so that what follows runs as code: ` +
        'not passed to the generator (remove it from the schema)',
    );
  }
}

async function transpileFolder(folder: string): Promise<number> {
  const sources = fs.readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'));
  for (const name of sources) {
    const file = path.join(folder, name);
    fs.writeFileSync(file.replace(/\.ts$/, '.js'), await transpileTypeScript(fs.readFileSync(file, 'utf8'), file));
  }
  return sources.length;
}
