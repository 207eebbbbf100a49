/**
 * The `payloadLab.*` settings, read fresh for every run (changes apply without a reload), each
 * through the table of package.json's declarations (setting-table.ts), which holds the defaults.
 */
import * as vscode from 'vscode';
import { builtinCodecs } from '../codecs/registry';
import type { MeasuredRuntime } from '../shared/results';
import { TOOL_SPECS } from '../codegen/tool-registry';
import type { MessageSettings } from './message-mode';
import { DEFAULT_TRANSPORT, isTransport, type Transport } from '../shared/transport';
import { readSetting, settingDefault, toolSettingName, type SettingSource } from './setting-table';

export interface RunSettings {
  codecs: string[];
  quick: boolean;
  /** Rounds of a run that is not quick. */
  rounds: number;
  timeBudgetMs: number;
  /** Each operation's warm-up in every run (payloadLab.warmupMs); undefined: the engine's rule. */
  warmupMs: number | undefined;
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
  const codecs = readSetting(config, 'defaultCodecs').filter((id) => known.has(id));
  return {
    codecs: codecs.length > 0 ? codecs : settingDefault('defaultCodecs'),
    quick: readSetting(config, 'quickMode'),
    rounds: readSetting(config, 'rounds'),
    timeBudgetMs: readSetting(config, 'timeBudgetMs'),
    warmupMs: readSetting(config, 'warmupMs') ?? undefined,
    memoryLimitMb: readSetting(config, 'workerMemoryLimitMb'),
    timeoutMs: readSetting(config, 'workerTimeoutMs'),
    runtimes: readRuntimes(readSetting(config, 'runtimes')),
    browserCapBytes: Math.round(readSetting(config, 'browserSampleCapMb') * 1024 * 1024),
    strictCspCheck: readSetting(config, 'strictCspCheck'),
    tools: Object.fromEntries(TOOL_SPECS.map((spec) => [spec.id, readToolPath(config, spec.id)])),
    dropUnknownKeys: readSetting(config, 'dropUnknownKeys'),
  };
}

function readRuntimes(configured: string[]): MeasuredRuntime[] {
  const known: MeasuredRuntime[] = ['node', 'browser'];
  const chosen = known.filter((runtime) => configured.includes(runtime));
  return chosen.length > 0 ? chosen : known.filter((runtime) => settingDefault('runtimes').includes(runtime));
}

function readToolPath(config: SettingSource, id: string): string {
  const name = toolSettingName(id);
  return name === undefined ? '' : readSetting(config, name);
}

export interface GenerateSettings {
  count: number;
  seed: number;
}

/** How many records "Generate … from a schema" makes, and from which seed (deterministic). */
export function readGenerateSettings(): GenerateSettings {
  const config = vscode.workspace.getConfiguration('payloadLab');
  // Within package.json's bounds (readSetting), whole.
  return { count: Math.floor(readSetting(config, 'generatedSampleCount')), seed: Math.floor(readSetting(config, 'generatedSampleSeed')) };
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
  const heapMb = readSetting(config, 'limits.heapMb');
  // Sizes within package.json's bounds (readSetting).
  return {
    maxMb: readSetting(config, 'sweep.maxMb'),
    stepFactor: readSetting(config, 'sweep.stepFactor'),
    heapMb: heapMb > 0 ? Math.round(heapMb) : undefined,
    capMb: readSetting(config, 'limits.capMb'),
    growth: readSetting(config, 'sweep.growth') === 'repeat' ? 'repeat' : 'fresh',
  };
}

/** Message mode's settings (`payloadLab.messages.*`), each kept in the range the engine takes. */
export function readMessageSettings(): MessageSettings {
  const config = vscode.workspace.getConfiguration('payloadLab');
  const links = readSetting(config, 'messages.linkBitsPerSecond').filter((speed) => speed > 0);
  // The split and the dictionary's size within package.json's bounds (readSetting).
  return {
    dictionarySplit: readSetting(config, 'messages.dictionarySplit'),
    dictionaryBytes: Math.round(readSetting(config, 'messages.dictionaryBytes')),
    linkBitsPerSecond: links.length > 0 ? links : settingDefault('messages.linkBitsPerSecond'),
    skipInvalidLines: readSetting(config, 'messages.skipInvalidLines'),
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
  const configured = readSetting(vscode.workspace.getConfiguration('payloadLab'), 'transport');
  return isTransport(configured) ? configured : DEFAULT_TRANSPORT;
}
