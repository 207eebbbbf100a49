/** The `payloadLab.*` settings, read fresh for every run (changes apply without a reload). */
import * as vscode from 'vscode';
import { builtinCodecs, DEFAULT_CODEC_IDS } from '../codecs/registry';
import { DEFAULT_LIMITS, DEFAULT_ROUNDS, DEFAULT_TIME_BUDGET_MS } from '../engine/settings';
import type { MeasuredRuntime } from '../shared/results';
import { TOOL_SPECS } from '../codegen/tool-registry';
import { DEFAULT_DICTIONARY, DEFAULT_LINK_BITS_PER_SECOND } from '../shared/messages';
import type { MessageSettings } from './message-mode';
import { DEFAULT_TRANSPORT, isTransport, type Transport } from '../shared/transport';

export interface RunSettings {
  codecs: string[];
  quick: boolean;
  /** Rounds of a run that is not quick. */
  rounds: number;
  timeBudgetMs: number;
  memoryLimitMb: number;
  timeoutMs: number;
  /** Where codecs are measured (payloadLab.runtimes). */
  runtimes: MeasuredRuntime[];
  browserCapBytes: number;
  /** Run each codec once more without code generation (payloadLab.strictCspCheck). */
  strictCspCheck: boolean;
  /** `payloadLab.tools.*`: where the user put the code generators (tool id → path). */
  tools: Record<string, string>;
  /** With a schema the user gave: leave out (and list) the sample's keys it has no field for, instead of refusing the row. */
  dropUnknownKeys: boolean;
}

export function readRunSettings(): RunSettings {
  const config = vscode.workspace.getConfiguration('payloadLab');
  const known = new Set(builtinCodecs.map((codec) => codec.id));
  const configured = config.get<string[]>('defaultCodecs') ?? [...DEFAULT_CODEC_IDS];
  const codecs = configured.filter((id) => known.has(id));
  return {
    codecs: codecs.length > 0 ? codecs : [...DEFAULT_CODEC_IDS],
    quick: config.get<boolean>('quickMode') ?? false,
    rounds: config.get<number>('rounds') ?? DEFAULT_ROUNDS,
    timeBudgetMs: config.get<number>('timeBudgetMs') ?? DEFAULT_TIME_BUDGET_MS,
    memoryLimitMb: config.get<number>('workerMemoryLimitMb') ?? DEFAULT_LIMITS.memoryLimitMb,
    timeoutMs: config.get<number>('workerTimeoutMs') ?? DEFAULT_LIMITS.timeoutMs,
    runtimes: readRuntimes(config.get<string[]>('runtimes')),
    browserCapBytes: Math.round((config.get<number>('browserSampleCapMb') ?? 64) * 1024 * 1024),
    strictCspCheck: config.get<boolean>('strictCspCheck') ?? false,
    tools: Object.fromEntries(TOOL_SPECS.map((spec) => [spec.id, config.get<string>(`tools.${spec.id}`) ?? ''])),
    dropUnknownKeys: config.get<boolean>('dropUnknownKeys') ?? false,
  };
}

function readRuntimes(configured: string[] | undefined): MeasuredRuntime[] {
  const known: MeasuredRuntime[] = ['node', 'browser'];
  const chosen = known.filter((runtime) => configured?.includes(runtime));
  return chosen.length > 0 ? chosen : ['node'];
}

export interface GenerateSettings {
  count: number;
  seed: number;
}

/** How many records "Generate … from a schema" makes, and from which seed (deterministic). */
export function readGenerateSettings(): GenerateSettings {
  const config = vscode.workspace.getConfiguration('payloadLab');
  const count = Math.floor(config.get<number>('generatedSampleCount') ?? 1000);
  const seed = Math.floor(config.get<number>('generatedSampleSeed') ?? 1);
  return { count: Math.min(Math.max(count, 1), 1_000_000), seed };
}

export interface SweepSettings {
  /** Largest size of a sweep, MiB of JSON. */
  maxMb: number;
  /** Each size this many times the previous. */
  stepFactor: number;
  /** Heap limit of the limit processes, MB; undefined: Node's default. */
  heapMb: number | undefined;
  /** Where the limit search stops, MiB of JSON. */
  capMb: number;
  /** How a sweep grows past the sample: fresh records like the sample's, or its records repeated. */
  growth: 'fresh' | 'repeat';
}

/** The size sweep's and limit search's settings (`payloadLab.sweep.*`, `payloadLab.limits.*`). */
export function readSweepSettings(): SweepSettings {
  const config = vscode.workspace.getConfiguration('payloadLab');
  const heapMb = config.get<number>('limits.heapMb') ?? 0;
  return {
    maxMb: Math.min(Math.max(config.get<number>('sweep.maxMb') ?? 16, 0.01), 1024),
    stepFactor: Math.max(config.get<number>('sweep.stepFactor') ?? 4, 1.5),
    heapMb: heapMb > 0 ? Math.round(heapMb) : undefined,
    capMb: Math.min(Math.max(config.get<number>('limits.capMb') ?? 512, 1), 4096),
    growth: config.get<string>('sweep.growth') === 'repeat' ? 'repeat' : 'fresh',
  };
}

/** Message mode's settings (`payloadLab.messages.*`), each kept in the range the engine takes. */
export function readMessageSettings(): MessageSettings {
  const config = vscode.workspace.getConfiguration('payloadLab');
  const split = config.get<number>('messages.dictionarySplit') ?? DEFAULT_DICTIONARY.trainShare;
  const links = (config.get<number[]>('messages.linkBitsPerSecond') ?? []).filter((speed) => typeof speed === 'number' && speed > 0);
  return {
    dictionarySplit: split > 0 && split < 1 ? split : DEFAULT_DICTIONARY.trainShare,
    dictionaryBytes: Math.max(256, Math.round(config.get<number>('messages.dictionaryBytes') ?? DEFAULT_DICTIONARY.sizeBytes)),
    linkBitsPerSecond: links.length > 0 ? links : [...DEFAULT_LINK_BITS_PER_SECOND],
    skipInvalidLines: config.get<boolean>('messages.skipInvalidLines') ?? false,
  };
}

/**
 * The Settings editor where a machine setting (`payloadLab.tools.*`) applies, filtered to it. In
 * a remote window (SSH, WSL, a container, code-server) the extension runs on the remote machine,
 * and VS Code reads machine settings from its Remote tab only: a path set in the User tab would be
 * ignored. Elsewhere, the User tab.
 */
export function openMachineSettings(query: string): Thenable<unknown> {
  return vscode.env.remoteName !== undefined
    ? vscode.commands.executeCommand('workbench.action.openRemoteSettings', { query })
    : vscode.commands.executeCommand('workbench.action.openGlobalSettings', { query });
}

/** How the bytes travel, for the verdict (`payloadLab.transport`): gzip unless set to another known way. */
export function readTransport(): Transport {
  const configured = vscode.workspace.getConfiguration('payloadLab').get<string>('transport');
  return isTransport(configured) ? configured : DEFAULT_TRANSPORT;
}
