/** The `payloadLab.*` settings, read fresh for every run (changes apply without a reload). */
import * as vscode from 'vscode';
import { builtinCodecs, DEFAULT_CODEC_IDS } from '../codecs/registry';
import { DEFAULT_LIMITS, DEFAULT_ROUNDS, DEFAULT_TIME_BUDGET_MS } from '../engine/settings';

export interface RunSettings {
  codecs: string[];
  quick: boolean;
  /** Rounds of a run that is not quick. */
  rounds: number;
  timeBudgetMs: number;
  memoryLimitMb: number;
  timeoutMs: number;
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
  };
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
