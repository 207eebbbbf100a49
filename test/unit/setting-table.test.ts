/**
 * The settings table (src/host/setting-table.ts): every `payloadLab.*` setting of package.json
 * is in it with package.json's default, a value of the wrong type reads as that default, a
 * number stays within the declared bounds, a list keeps only items of its declared type; and
 * where the CLI and the engine have a default of their own, package.json's is the same one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readSetting, SETTING_NAMES, settingDefault, toolSettingName, type SettingName } from '../../src/host/setting-table';
import { DEFAULT_CODEC_IDS } from '../../src/codecs/registry';
import { DEFAULT_LIMITS, DEFAULT_ROUNDS, DEFAULT_TIME_BUDGET_MS, MAX_ROUNDS, QUICK_ROUNDS, QUICK_TIME_BUDGET_MS } from '../../src/engine/settings';
import { DEFAULT_STEP_FACTOR, DEFAULT_SWEEP_GROWTH, DEFAULT_SWEEP_MAX_BYTES, MAX_SWEEP_BYTES, MB } from '../../src/engine/sweep';
import { DEFAULT_LIMIT_CAP_BYTES } from '../../src/payload-limits/run-limits';
import { DEFAULT_GENERATED_RECORDS, DEFAULT_SEED } from '../../src/cli/schema-options';
import { DEFAULT_DICTIONARY, DEFAULT_LINK_BITS_PER_SECOND } from '../../src/shared/messages';
import { DEFAULT_TRANSPORT } from '../../src/shared/transport';
import { repoRoot } from '../support/paths';

interface Declared {
  default: unknown;
  maximum?: number;
  markdownDescription?: string;
}

/** package.json as a reader of the file sees it, apart from the bundled import the table uses. */
const declared = (
  JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, Declared> } } }
).contributes.configuration.properties;
const declaredDefault = (name: string) => declared[`payloadLab.${name}`]!.default;

/** A configuration holding these values, nothing else. */
const source = (values: Record<string, unknown>) => ({ get: (name: string) => values[name] });

test('every payloadLab setting of package.json is in the table, and unset reads as its default there', () => {
  assert.deepEqual(
    SETTING_NAMES.map((name) => `payloadLab.${name}`),
    Object.keys(declared),
  );
  for (const name of SETTING_NAMES) assert.deepEqual(readSetting(source({}), name), declaredDefault(name), name);
  assert.equal(readSetting(source({}), 'browserSampleCapMb'), 64);
});

test('a value as set is read as set', () => {
  assert.equal(readSetting(source({ rounds: 7 }), 'rounds'), 7);
  assert.equal(readSetting(source({ quickMode: true }), 'quickMode'), true);
  assert.equal(readSetting(source({ transport: 'brotli' }), 'transport'), 'brotli');
  assert.deepEqual(readSetting(source({ defaultCodecs: ['cborg', 'json'] }), 'defaultCodecs'), ['cborg', 'json']);
  assert.equal(readSetting(source({ 'tools.protoc': '/opt/protoc' }), 'tools.protoc'), '/opt/protoc');
});

test("a setting of two types (the warm-up: a number, or null for the engine's rule) reads either, and nothing else", () => {
  assert.equal(readSetting(source({}), 'warmupMs'), null);
  assert.equal(readSetting(source({ warmupMs: 5 }), 'warmupMs'), 5);
  assert.equal(readSetting(source({ warmupMs: 0 }), 'warmupMs'), 0, 'no warm-up is a warm-up the user chose');
  assert.equal(readSetting(source({ warmupMs: null }), 'warmupMs'), null);
  assert.equal(readSetting(source({ warmupMs: -3 }), 'warmupMs'), 0);
  assert.equal(readSetting(source({ warmupMs: '5' }), 'warmupMs'), null);
});

test('a value of the wrong type, or not among the choices, reads as the default', () => {
  const wrong: [SettingName, unknown][] = [
    ['rounds', 'ten'],
    ['timeBudgetMs', Number.NaN],
    ['quickMode', 'yes'],
    ['transport', 'carrier-pigeon'],
    ['sweep.growth', 42],
    ['defaultCodecs', 'json'],
    ['tools.protoc', ['/opt/protoc']],
  ];
  for (const [name, value] of wrong) assert.deepEqual(readSetting(source({ [name]: value }), name), declaredDefault(name), name);
});

test('a number past an inclusive bound reads as the bound; past an exclusive one, as the default', () => {
  assert.equal(readSetting(source({ generatedSampleCount: 5_000_000 }), 'generatedSampleCount'), 1_000_000);
  assert.equal(readSetting(source({ generatedSampleCount: 0 }), 'generatedSampleCount'), 1);
  assert.equal(readSetting(source({ 'sweep.maxMb': 0.001 }), 'sweep.maxMb'), 0.01);
  assert.equal(readSetting(source({ 'sweep.stepFactor': 1 }), 'sweep.stepFactor'), 1.5);
  assert.equal(readSetting(source({ 'limits.capMb': 10_000 }), 'limits.capMb'), 4096);
  assert.equal(readSetting(source({ 'messages.dictionaryBytes': 10 }), 'messages.dictionaryBytes'), 256);
  assert.equal(readSetting(source({ 'messages.dictionarySplit': 0.5 }), 'messages.dictionarySplit'), 0.5);
  assert.equal(readSetting(source({ 'messages.dictionarySplit': 1 }), 'messages.dictionarySplit'), 0.8);
  assert.equal(readSetting(source({ 'messages.dictionarySplit': 0 }), 'messages.dictionarySplit'), 0.8);
  assert.equal(readSetting(source({ generatedSampleSeed: -12 }), 'generatedSampleSeed'), -12, 'no bounds declared');
});

test('a list keeps the items of its declared type and choices; one shorter than its minimum reads as the default', () => {
  assert.deepEqual(readSetting(source({ protoIncludePaths: ['a', 3, null, 'b'] }), 'protoIncludePaths'), ['a', 'b']);
  assert.deepEqual(readSetting(source({ defaultCodecs: ['json', 'no-such-codec', 'bson'] }), 'defaultCodecs'), ['json', 'bson']);
  assert.deepEqual(readSetting(source({ 'messages.linkBitsPerSecond': [1e6, '1e9'] }), 'messages.linkBitsPerSecond'), [1e6]);
  assert.deepEqual(readSetting(source({ runtimes: ['browser'] }), 'runtimes'), ['browser']);
  assert.deepEqual(readSetting(source({ runtimes: [] }), 'runtimes'), ['node']);
  assert.deepEqual(readSetting(source({ runtimes: ['gpu'] }), 'runtimes'), ['node']);
});

test('a default handed out is a copy: changing it changes no later read', () => {
  const first = settingDefault('defaultCodecs');
  first.push('changed');
  readSetting(source({}), 'messages.linkBitsPerSecond').length = 0;
  assert.deepEqual(settingDefault('defaultCodecs'), declaredDefault('defaultCodecs'));
  assert.deepEqual(readSetting(source({}), 'messages.linkBitsPerSecond'), declaredDefault('messages.linkBitsPerSecond'));
});

test('a tool has its setting under tools.<id>; an unknown tool has none', () => {
  assert.equal(toolSettingName('protoc'), 'tools.protoc');
  assert.equal(toolSettingName('no-such-tool'), undefined);
});

test("package.json's defaults are the engine's and the CLI's where both have one", () => {
  const pairs: [SettingName, unknown][] = [
    ['defaultCodecs', [...DEFAULT_CODEC_IDS]],
    ['rounds', DEFAULT_ROUNDS],
    ['timeBudgetMs', DEFAULT_TIME_BUDGET_MS],
    ['workerMemoryLimitMb', DEFAULT_LIMITS.memoryLimitMb],
    ['workerTimeoutMs', DEFAULT_LIMITS.timeoutMs],
    ['transport', DEFAULT_TRANSPORT],
    ['generatedSampleCount', DEFAULT_GENERATED_RECORDS],
    ['generatedSampleSeed', DEFAULT_SEED],
    ['sweep.maxMb', DEFAULT_SWEEP_MAX_BYTES / MB],
    ['sweep.stepFactor', DEFAULT_STEP_FACTOR],
    ['sweep.growth', DEFAULT_SWEEP_GROWTH],
    ['limits.capMb', DEFAULT_LIMIT_CAP_BYTES / MB],
    ['messages.dictionarySplit', DEFAULT_DICTIONARY.trainShare],
    ['messages.dictionaryBytes', DEFAULT_DICTIONARY.sizeBytes],
    ['messages.linkBitsPerSecond', [...DEFAULT_LINK_BITS_PER_SECOND]],
  ];
  for (const [name, engine] of pairs) assert.deepEqual(declaredDefault(name), engine, `payloadLab.${name}`);
  assert.equal(declared['payloadLab.rounds']!.maximum, MAX_ROUNDS);
  assert.equal(declared['payloadLab.sweep.maxMb']!.maximum, MAX_SWEEP_BYTES / MB);
  assert.match(declared['payloadLab.quickMode']!.markdownDescription!, new RegExp(`${QUICK_ROUNDS} rounds of about ${QUICK_TIME_BUDGET_MS} ms`));
});
