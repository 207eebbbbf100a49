/**
 * Where a codec's job runs. Most codecs: a fresh worker thread (worker-launch.ts). A codec that
 * runs generated code (google-protobuf, ts-proto, protobuf-ts, FlatBuffers, Cap'n Proto,
 * Bebop): code written from the user's schema is untrusted code, so its job runs in a forked
 * child under Node's permission model (processes/sandbox.ts), serving the same requests with
 * the same handlers (entries/codec-process.ts), so every round, slice and measurement is the
 * same code. The sandbox can neither run the generators nor write their cache, so the code is
 * generated first, in an ordinary worker that never loads it (worker/pregenerate.ts), and the
 * child may read only the bundles, that code's cache entries and the sample file.
 *
 * Where no sandbox can start (a Node without the permission model), the job is an error row
 * saying so: generated code never runs unsandboxed.
 */
import * as path from 'node:path';
import { findBuiltinCodec } from '../codecs/registry';
import { withIncludesRead } from '../codecs/zero-copy/user/schema-files';
import { bundlePath } from '../processes/bundle-path';
import { superviseChild } from '../processes/supervise-child';
import { sandboxExecArgv, sandboxSupport } from '../processes/sandbox';
import type { CodecSource, PregeneratedCode } from '../shared/codec-job';
import type { StageError } from '../shared/results';
import type { CodecWorkerMethods, GenerationJob, WorkerEvents } from '../shared/worker-protocol';
import { runInWorker, startWorker, type StartedWorker, type WorkerLimits } from './worker-launch';

/** Whether the codec loads code generated from the schema (its descriptor lists tools). */
export function runsGeneratedCode(codec: CodecSource): boolean {
  return 'builtin' in codec && (findBuiltinCodec(codec.builtin)?.tools?.length ?? 0) > 0;
}

export type StartedCodec<J> = { kind: 'started'; worker: StartedWorker<CodecWorkerMethods>; job: J } | { kind: 'failed'; error: StageError };

export interface CodecProcessOptions {
  /** V8 flags the job needs (the strict-CSP run's): it then runs in a child process even unsandboxed. */
  execArgv?: readonly string[];
}

/**
 * A worker (or child) for `job`, with `job` as it must be sent to it (a sandboxed job carries
 * its pregenerated code), or why none could start. Never rejects.
 */
export async function startCodecWorker<J extends GenerationJob>(job: J, limits: WorkerLimits, options: CodecProcessOptions = {}): Promise<StartedCodec<J>> {
  try {
    return await startFor(job, limits, options);
  } catch (error) {
    // A bundle missing (superviseChild refuses it): the row says so.
    return { kind: 'failed', error: { stage: 'crash', message: error instanceof Error ? error.message : String(error) } };
  }
}

async function startFor<J extends GenerationJob>(job: J, limits: WorkerLimits, options: CodecProcessOptions): Promise<StartedCodec<J>> {
  if (!runsGeneratedCode(job.codec)) {
    const worker = options.execArgv
      ? startCodecProcess(limits, { execArgv: options.execArgv, what: 'the codec process' })
      : startWorker(limits.workerScript, limits.memoryLimitMb);
    return { kind: 'started', worker, job };
  }
  const support = sandboxSupport();
  if (!support.ok)
    return {
      kind: 'failed',
      error: { stage: 'prepare', message: `not run: this row runs code generated from the schema, which runs only in a sandbox, and ${support.why}` },
    };
  const generated = await pregenerated(job, limits);
  if (generated.kind === 'failed') return generated;
  const readable = [
    path.dirname(limits.workerScript),
    ...generated.records.flatMap((record) => (record.outcome.ok ? [record.outcome.code.outDir] : [])),
    // A sample the child reads itself (not sent as bytes).
    ...(job.sample.bytes ? [] : [path.resolve(job.sample.path)]),
  ];
  const worker = startCodecProcess(limits, {
    execArgv: [...(options.execArgv ?? []), '--no-warnings', ...sandboxExecArgv(readable)],
    what: 'the sandboxed codec process',
    sandboxed: true,
  });
  // The process may read nothing beside the schema: files a FlatBuffers schema includes go as text.
  const formatSchemas = job.codegen?.formatSchemas?.map(withIncludesRead);
  const codegen = { ...job.codegen, pregenerated: generated.records, ...(formatSchemas ? { formatSchemas } : {}) };
  return { kind: 'started', worker, job: { ...job, codegen } };
}

/**
 * Generations are the same for every round of a run (the same sample, schema and settings):
 * kept per sample bytes, so later rounds ask no worker again. A sample read from its file by
 * each worker has no bytes here and is generated for each time (the cache makes that cheap).
 */
const generatedFor = new WeakMap<Uint8Array, Map<string, Promise<GenerationFate>>>();

type GenerationFate = { kind: 'generated'; records: PregeneratedCode[] } | { kind: 'failed'; error: StageError };

function pregenerated(job: GenerationJob, limits: WorkerLimits): Promise<GenerationFate> {
  const bytes = job.sample.bytes;
  if (!bytes) return pregenerate(job, limits);
  const key = JSON.stringify([job.codec, job.schema, job.variants, job.codegen, job.scale, job.messages, job.inferred, job.sample.path, job.sample.kind]);
  let forSample = generatedFor.get(bytes);
  if (!forSample) generatedFor.set(bytes, (forSample = new Map<string, Promise<GenerationFate>>()));
  const known = forSample.get(key);
  if (known) return known;
  const fate = pregenerate(job, limits);
  forSample.set(key, fate);
  // A cancelled or failed generation is not kept: the next round tries again.
  void fate.then((settled) => settled.kind === 'failed' && forSample.delete(key));
  return fate;
}

async function pregenerate(job: GenerationJob, limits: WorkerLimits): Promise<GenerationFate> {
  const { codec, sample, schema, variants, codegen, inferred, scale, messages } = job;
  const params: GenerationJob = {
    codec,
    sample,
    ...(schema ? { schema } : {}),
    ...(variants ? { variants } : {}),
    ...(codegen ? { codegen } : {}),
    ...(inferred === undefined ? {} : { inferred }),
    ...(scale ? { scale } : {}),
    ...(messages ? { messages } : {}),
  };
  const fate = await runInWorker('generate-code', params, { ...limits, onStage: undefined, onEvents: undefined });
  if (fate.kind === 'failed') return { kind: 'failed', error: { ...fate.error, message: `generating its code: ${fate.error.message}` } };
  return { kind: 'generated', records: fate.value.pregenerated };
}

/** A forked codec process (dist/codec-process.js beside the worker script) behind the same channel as a worker. */
function startCodecProcess(
  limits: WorkerLimits,
  options: { execArgv: readonly string[]; what: string; sandboxed?: boolean },
): StartedWorker<CodecWorkerMethods> {
  const child = superviseChild<CodecWorkerMethods, WorkerEvents>({
    script: bundlePath('codec-process', path.dirname(limits.workerScript)),
    what: options.what,
    execArgv: options.execArgv,
    heapMb: limits.memoryLimitMb,
    // Structured clone: the job's sample bytes stay a Uint8Array, timing windows Float64Arrays.
    serialization: 'advanced',
    // Nothing of the user's environment for generated code to read (and send on: the network is open).
    ...(options.sandboxed ? { env: process.platform === 'win32' && process.env['SystemRoot'] ? { SystemRoot: process.env['SystemRoot'] } : {} } : {}),
  });
  return {
    channel: child.channel,
    exited: child.ended.then(() => undefined),
    what: options.what,
    // Closing the channel kills the child (its transport's end), as it terminates a worker.
    exit: () => (child.channel.gone && child.channel.gone.reason !== 'closed' ? child.ended : Promise.resolve(undefined)),
  };
}
