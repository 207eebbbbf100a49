/**
 * Runs the probes of each codec in child processes (not worker threads: a decoder that aborts,
 * hits a fatal out-of-memory or segfaults takes its whole process with it, which must not be
 * the extension host or the CLI). Each process has a heap limit, and each unit a timeout. When
 * a process dies or is killed mid-unit, that unit is reported as `crashed` or `timeout` and a
 * fresh process resumes at the next unit. Each process reports the heap limit it really got,
 * and the report says whether --max-old-space-size held. Never rejects for what a library
 * does; rejects only on cancellation or a missing probe script.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { idFromModulePath } from '../codecs/codec-source';
import { libraryVersion } from '../codecs/library-version';
import { DEFAULT_CODEC_IDS, findBuiltinCodec } from '../codecs/registry';
import { CancelledError } from '../shared/cancelled';
import { runtimeInfo, toolVersion } from '../engine/tool-info';
import { superviseChild } from '../processes/supervise-child';
import type { ProbedCodec, ProbeId, ProbeLimits, ProbeReport, ProbeResult, ProbePlan } from '../shared/probes';
import { mergeUnitResults } from './merge-results';
import { ALL_PROBE_IDS, probeCatalog, probeUnits, type ProbeChildEvents, type ProbeChildJob, type ProbeChildMethods, type UnitResult } from './probe-units';
import type { CodecSource } from '../shared/codec-job';
import { bundlePath } from '../processes/bundle-path';

export const DEFAULT_PROBE_TIMEOUT_MS = 10_000;
export const DEFAULT_PROBE_MEMORY_MB = 256;

export interface ProbeOptions {
  /** Built-in codec ids; default: the seven most-used (DEFAULT_CODEC_IDS). */
  codecs?: readonly string[];
  /** Codec modules of the user's own (paths exporting `prepare`), probed after the built-ins. */
  codecModules?: readonly string[];
  /** Default: every probe. */
  probes?: readonly ProbeId[];
  signal?: AbortSignal;
  /** Per unit (one probe input); the process is killed when it runs out. */
  timeoutMs?: number;
  /** Heap limit of each probe process, in MB. */
  memoryLimitMb?: number;
  /** Probe processes running at once. */
  concurrency?: number;
  /** The bundled probe script; defaults to `probe-child.js` beside the running bundle. */
  childScript?: string;
  /** Before any process starts: what will be probed, for a view to lay out its table. */
  onStart?: (plan: ProbePlan) => void;
  onResult?: (result: ProbeResult) => void;
}

/**
 * Whether a probe process got the heap limit it was forked with. V8's heap_size_limit is the
 * old generation (the flag) plus the young generation (48 MB on 64-bit Node 20, whatever the
 * flag): a limit within a quarter (at least 64 MB) above the flag held; the default limit of
 * a runtime that ignored the flag is gigabytes.
 */
export function heapLimitHeld(requestedMb: number, observedMb: number): boolean {
  return observedMb >= requestedMb - 1 && observedMb <= requestedMb + Math.max(64, requestedMb / 4);
}

/** The heap limits probe processes reported, folded into the report's limits. */
class HeapObservations {
  private largest: number | undefined;
  private allHeld = true;

  constructor(private readonly requestedMb: number) {}

  record(observedMb: number | undefined): void {
    if (observedMb === undefined) return;
    this.largest = Math.max(this.largest ?? 0, observedMb);
    this.allHeld &&= heapLimitHeld(this.requestedMb, observedMb);
  }

  get limits(): Pick<ProbeLimits, 'observedHeapLimitMb' | 'heapLimitHeld'> {
    return this.largest === undefined ? {} : { observedHeapLimitMb: this.largest, heapLimitHeld: this.allHeld };
  }
}

interface CodecTarget {
  source: CodecSource;
  id: string;
  fallback: ProbedCodec;
}

function targetsOf(options: ProbeOptions): CodecTarget[] {
  const ids = options.codecs ?? [...DEFAULT_CODEC_IDS];
  const unknown = ids.filter((id) => !findBuiltinCodec(id));
  if (unknown.length > 0) throw new Error(`unknown codec${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
  const builtins = ids.map((id): CodecTarget => {
    const descriptor = findBuiltinCodec(id)!;
    return {
      source: { builtin: id },
      id,
      fallback: { codec: id, label: descriptor.label, library: descriptor.library, libraryVersion: libraryVersion(descriptor.library) },
    };
  });
  const modules = (options.codecModules ?? []).map((modulePath): CodecTarget => {
    const id = idFromModulePath(modulePath);
    return { source: { modulePath: path.resolve(modulePath) }, id, fallback: { codec: id, label: id, library: 'custom', libraryVersion: 'unknown' } };
  });
  return [...builtins, ...modules];
}

/** How one probe process ended, as far as the runner can tell. */
type ChildEnd =
  | { kind: 'done' }
  | { kind: 'polluted' }
  | { kind: 'died'; message: string; beforeReady: boolean; /** into the unit that was running */ afterMs: number }
  | { kind: 'timeout' }
  | { kind: 'cancelled' };

interface ChildRun {
  job: ProbeChildJob;
  limits: { timeoutMs: number; memoryLimitMb: number; childScript: string };
  signal: AbortSignal | undefined;
  onReady(codec: ProbedCodec, heapLimitMb: number | undefined): void;
  onUnit(index: number, result: UnitResult): void;
}

const STARTUP_TIMEOUT_MS = 30_000;

function runChild(run: ChildRun): Promise<ChildEnd> {
  const child = superviseChild<ProbeChildMethods, ProbeChildEvents>({
    script: run.limits.childScript,
    what: 'the probe process',
    // A fresh Node with a small heap: a runaway allocation ends in this process, quickly.
    heapMb: run.limits.memoryLimitMb,
  });
  return new Promise((resolve) => {
    let ended: ChildEnd | undefined;
    let ready = false;
    const settle = (end: ChildEnd) => {
      if (ended !== undefined) return;
      ended = end;
      clearTimeout(timer);
      run.signal?.removeEventListener('abort', onAbort);
      // Settled once the process is really gone: no probe process outlives its unit or run.
      void child.stop().then(() => resolve(end));
    };
    let unitStartedAt = performance.now();
    const sinceUnitStart = () => Math.round(performance.now() - unitStartedAt);
    const arm = () => {
      clearTimeout(timer);
      unitStartedAt = performance.now();
      timer = setTimeout(() => settle({ kind: 'timeout' }), run.limits.timeoutMs);
    };
    const onAbort = () => settle({ kind: 'cancelled' });
    // Starting Node and loading the library is not what is probed: a slow start on a busy
    // machine gets its own, generous limit, and is never blamed on a probe input.
    const startupMs = Math.max(STARTUP_TIMEOUT_MS, run.limits.timeoutMs);
    let timer = setTimeout(
      () => settle({ kind: 'died', message: `the probe process did not start within ${startupMs} ms`, beforeReady: true, afterMs: 0 }),
      startupMs,
    );
    run.signal?.addEventListener('abort', onAbort, { once: true });
    child.channel.on('ready', ({ codec, heapLimitMb }) => {
      ready = true;
      run.onReady(codec, heapLimitMb);
      arm();
    });
    child.channel.on('unit', ({ index, result, exiting }) => {
      run.onUnit(index, result);
      if (exiting) settle({ kind: 'polluted' });
      else arm();
    });
    // A process that goes away (crash, abort, out of memory) is said with its last words.
    void child.ended.then((exit) => settle({ kind: 'died', message: exit.description, beforeReady: !ready, afterMs: ready ? sinceUnitStart() : 0 }));
    child.channel.request('run-units', run.job).then(
      () => settle({ kind: 'done' }),
      () => undefined,
    );
  });
}

async function probeCodec(
  target: CodecTarget,
  probes: ProbeId[],
  limits: ChildRun['limits'],
  signal: AbortSignal | undefined,
  heap: HeapObservations,
  onResult: (result: ProbeResult) => void,
): Promise<{ codec: ProbedCodec; results: ProbeResult[] }> {
  const units = probeUnits(probes, target.id);
  const unitResults: Array<UnitResult | undefined> = [];
  let codec = target.fallback;
  const streamed = new Set<ProbeId>();
  // Results are merged per probe and streamed once the probe's last unit is in.
  const record = (index: number, result: UnitResult) => {
    unitResults[index] = result;
    for (const merged of mergeUnitResults(codec.codec, target.id, units, unitResults)) {
      if (streamed.has(merged.probe)) continue;
      streamed.add(merged.probe);
      onResult(merged);
    }
  };

  let next = 0;
  while (next < units.length) {
    const startAt = next;
    const end = await runChild({
      job: { codec: target.source, codecId: target.id, probes, startAt },
      limits,
      signal,
      onReady: (described, heapLimitMb) => {
        codec = described;
        heap.record(heapLimitMb);
      },
      onUnit: (index, result) => {
        record(index, result);
        next = index + 1;
      },
    });
    if (end.kind === 'cancelled') throw new CancelledError('cancelled');
    if (end.kind === 'done' || end.kind === 'polluted') continue;
    const stage = 'process' as const;
    if (end.kind === 'died' && end.beforeReady) {
      // The codec could not even load: every remaining unit shares that fate.
      for (let index = next; index < units.length; index++) {
        record(index, { effects: ['crashed'], detail: `before any probe ran, ${end.message}`, stage, durationMs: 0 });
      }
      next = units.length;
      continue;
    }
    const result: UnitResult =
      end.kind === 'timeout'
        ? { effects: ['timeout'], detail: `no answer within ${limits.timeoutMs} ms: the probe process was killed`, stage, durationMs: limits.timeoutMs }
        : { effects: ['crashed'], detail: end.message, stage, durationMs: end.kind === 'died' ? end.afterMs : 0 };
    record(next, result);
    next++;
  }
  return { codec, results: mergeUnitResults(codec.codec, target.id, units, unitResults) };
}

export async function runProbes(options: ProbeOptions = {}): Promise<ProbeReport> {
  const targets = targetsOf(options);
  const probes = [...(options.probes ?? ALL_PROBE_IDS)];
  const limits = {
    timeoutMs: options.timeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS,
    memoryLimitMb: options.memoryLimitMb ?? DEFAULT_PROBE_MEMORY_MB,
    childScript: options.childScript ?? bundlePath('probe-process'),
  };
  if (!fs.existsSync(limits.childScript)) throw new Error(`${limits.childScript} is missing: build the bundles first (npm run build)`);
  if (options.signal?.aborted) throw new CancelledError('cancelled before start');
  const catalog = probeCatalog.filter((probe) => probes.includes(probe.id));
  const requested = { timeoutMs: limits.timeoutMs, memoryLimitMb: limits.memoryLimitMb };
  options.onStart?.({ probes: catalog, codecs: targets.map((target) => target.fallback), limits: requested });

  const heap = new HeapObservations(limits.memoryLimitMb);
  const outcomes: Array<{ codec: ProbedCodec; results: ProbeResult[] }> = [];
  const concurrency = Math.max(1, options.concurrency ?? Math.min(4, os.availableParallelism()));
  let taken = 0;
  const lane = async () => {
    while (taken < targets.length) {
      const index = taken++;
      outcomes[index] = await probeCodec(targets[index]!, probes, limits, options.signal, heap, (result) => options.onResult?.(result));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, targets.length) }, lane));

  return {
    tool: { name: 'payload-lab', version: toolVersion() },
    runtime: runtimeInfo(),
    limits: { ...requested, ...heap.limits },
    probes: catalog,
    codecs: outcomes.map((outcome) => outcome.codec),
    results: outcomes.flatMap((outcome) => outcome.results),
  };
}
