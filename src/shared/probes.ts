/**
 * The probe report contract: what each library does with a fixed set of small, awkward inputs
 * (a `__proto__` key, 2^53 + 1, -0, deep nesting, truncated and crafted bytes). Shared by the
 * probe runner, `payload-lab probe --json` and the webview. Plain data only (no Node, no
 * vscode): it crosses process and webview boundaries. Add fields, never rename them.
 */
import type { RuntimeInfo } from './results';

export type ProbeId =
  | 'proto-key'
  | 'constructor-key'
  | 'int-above-2^53'
  | 'bigint-above-2^64'
  | 'negative-zero'
  | 'nested-arrays-1e3'
  | 'nested-arrays-1e4'
  | 'object-keys-7e4'
  | 'non-ascii-keys'
  | 'lone-surrogate'
  | 'empty-containers'
  | 'truncated-bytes'
  | 'bit-flipped-bytes'
  | 'crafted-lengths';

/**
 * What happened to one probe input, most severe first:
 * - `crashed`: the probe process died (abort, fatal out-of-memory, segfault, exit). In the
 *   extension host or the CLI this would have taken the whole process down.
 * - `polluted`: Object.prototype was changed: every object in the process is affected.
 * - `timeout`: no answer within the time limit; the probe process was killed.
 * - `prototype-changed`: the decoded object's prototype was replaced from the data.
 * - `wrong-value`: decoding succeeded silently with a value that is not the input.
 * - `dropped-key` / `renamed-key`: a key of the input is missing, or back under another name.
 * - `clean-error`: the library refused with an exception; nothing else was harmed.
 * - `unsupported`: the format (or this tool's schema inference for it) cannot express the
 *   input; the library was not asked.
 * - `not-applicable`: the probe means nothing for this format (JSON has no length prefixes).
 * - `preserved`: the value came back as given (possibly as another type that holds it exactly).
 */
export type ProbeOutcome =
  | 'crashed'
  | 'polluted'
  | 'timeout'
  | 'prototype-changed'
  | 'wrong-value'
  | 'dropped-key'
  | 'renamed-key'
  | 'clean-error'
  | 'unsupported'
  | 'not-applicable'
  | 'preserved';

/** Severity order, most severe first: a result's headline is the first of its effects here. */
export const PROBE_OUTCOME_SEVERITY: readonly ProbeOutcome[] = [
  'crashed',
  'polluted',
  'timeout',
  'prototype-changed',
  'wrong-value',
  'dropped-key',
  'renamed-key',
  'clean-error',
  'unsupported',
  'not-applicable',
  'preserved',
];

/** Each outcome in a word or two, as the panel's badges say it. */
export const PROBE_OUTCOME_WORDS: Readonly<Record<ProbeOutcome, string>> = {
  crashed: 'crashed',
  polluted: 'polluted',
  timeout: 'timeout',
  'prototype-changed': 'prototype changed',
  'wrong-value': 'wrong value',
  'dropped-key': 'dropped key',
  'renamed-key': 'renamed key',
  'clean-error': 'refused',
  unsupported: 'unsupported',
  'not-applicable': 'n/a',
  preserved: 'preserved',
};

export interface ProbeInfo {
  id: ProbeId;
  title: string;
  /** What is fed to the library, and why it matters to code that uses the decoded value. */
  description: string;
  /** `value`: a value is encoded and decoded; `malformed`: damaged or crafted bytes are decoded. */
  kind: 'value' | 'malformed';
}

/** One of several inputs of a probe (a crafted length prefix, a group of truncations). */
export interface ProbeCase {
  label: string;
  outcome: ProbeOutcome;
  detail: string;
}

export interface ProbeResult {
  codec: string;
  probe: ProbeId;
  /** The most severe of `effects`. */
  outcome: ProbeOutcome;
  /** Every effect observed (a key dropped and the prototype replaced), most severe first. */
  effects: ProbeOutcome[];
  /** What happened, in words a user understands. */
  detail: string;
  /** Where an exception or crash happened. */
  stage?: 'prepare' | 'encode' | 'decode' | 'process';
  /** Properties added to or changed on Object.prototype (outcome `polluted`). */
  pollution?: string[];
  /** Per-input outcomes of probes with several inputs. */
  cases?: ProbeCase[];
  /** Wall time of the probe in the probe process, in milliseconds. */
  durationMs: number;
}

export interface ProbedCodec {
  codec: string;
  label: string;
  library: string;
  libraryVersion: string;
}

export interface ProbeLimits {
  /** Each probe input gets this long before its process is killed. */
  timeoutMs: number;
  /** V8 heap limit (--max-old-space-size) of each probe process. */
  memoryLimitMb: number;
  /**
   * The heap limit the probe processes really had, as V8 reports it (`heap_size_limit`, which
   * counts the young generation too: about 48 MB above the flag on 64-bit Node 20); the largest
   * any process reported. Absent when none reported one.
   */
  observedHeapLimitMb?: number;
  /**
   * Whether every probe process got the requested limit. Old Electron versions (VS Code's
   * extension host) ignored --max-old-space-size in forked processes: a crafted length then
   * grows until the machine's memory runs out instead of ending the probe quickly.
   */
  heapLimitHeld?: boolean;
}

/** The limits in words: "heap limit 256 MB (held: V8 reports 304 MB), 10000 ms per input". */
export function describeProbeLimits(limits: ProbeLimits): string {
  const observed = limits.observedHeapLimitMb;
  const heap =
    observed === undefined || limits.heapLimitHeld === undefined
      ? `heap limit ${limits.memoryLimitMb} MB`
      : limits.heapLimitHeld
        ? `heap limit ${limits.memoryLimitMb} MB (held: V8 reports ${observed} MB with its young generation)`
        : `heap limit ${limits.memoryLimitMb} MB NOT HELD: the probe processes had ${observed} MB (this runtime ignores --max-old-space-size in forked processes)`;
  return `${heap}, ${limits.timeoutMs} ms per input`;
}

/** The whole `payload-lab probe --json` document. */
export interface ProbeReport {
  tool: { name: 'payload-lab'; version: string };
  runtime: RuntimeInfo;
  limits: ProbeLimits;
  probes: ProbeInfo[];
  codecs: ProbedCodec[];
  /** Codec by codec in the order asked for, each in probe order. */
  results: ProbeResult[];
}

/** The headline of a set of effects: the most severe one (`preserved` when there are none). */
export function mostSevere(effects: readonly ProbeOutcome[]): ProbeOutcome {
  for (const outcome of PROBE_OUTCOME_SEVERITY) if (effects.includes(outcome)) return outcome;
  return 'preserved';
}

/** Effects sorted most severe first, without repeats. */
export function sortEffects(effects: readonly ProbeOutcome[]): ProbeOutcome[] {
  return PROBE_OUTCOME_SEVERITY.filter((outcome) => effects.includes(outcome));
}

/** What a probe run will do, told before its first result. */
export interface ProbePlan {
  probes: ProbeInfo[];
  /** Library versions as this bundle knows them; the report has each probe process's own. */
  codecs: ProbedCodec[];
  limits: ProbeLimits;
}
