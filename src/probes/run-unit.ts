/**
 * Runs one probe unit against a loaded codec, inside the probe process. Exceptions from the
 * library become `clean-error` effects here; what cannot be caught (an abort, a fatal
 * out-of-memory) ends the process, and the runner in the parent reports it.
 */
import { performance } from 'node:perf_hooks';
import { UnsupportedSampleError, type CodecModule, type PreparedCodec } from '../codecs/codec';
import type { ProbeCase, ProbeOutcome } from '../shared/probes';
import { errorText, judgeRoundTrip, show } from './judge';
import { BASE_RECORD, bitFlips, craftedInputsFor, truncations } from './malformed-probes';
import type { ProbeUnit, UnitResult } from './probe-units';
import { findValueProbe, type ValueProbe } from './value-probes';
import type { ProvidedSchema } from '../shared/codec-job';

type Stage = 'prepare' | 'encode' | 'decode';

/** A failure at one stage, carried as a value so each step reads top to bottom. */
class StageFailure {
  constructor(
    readonly stage: Stage,
    readonly outcome: ProbeOutcome,
    readonly message: string,
  ) {}
}

function attempt<T>(stage: Stage, step: () => T): T | StageFailure {
  try {
    return step();
  } catch (error) {
    // The codec's own "this format cannot express it" is not the library's behaviour.
    if (stage === 'prepare' && error instanceof UnsupportedSampleError) return new StageFailure(stage, 'unsupported', error.message.slice(0, 300));
    return new StageFailure(stage, 'clean-error', errorText(error));
  }
}

/** `ownBytes`: the decode that failed read what the library itself had just encoded. */
function failed(failure: StageFailure, ownBytes = false): Omit<UnitResult, 'durationMs'> {
  const verb =
    failure.outcome === 'unsupported' ? 'not expressible' : ownBytes ? 'encoded, but refused to decode its own bytes' : `refused at ${failure.stage}`;
  return { effects: [failure.outcome], detail: `${verb}: ${failure.message}`, stage: failure.stage };
}

function schemaFor(codecId: string, schemas: ValueProbe['schemas']): ProvidedSchema | undefined {
  if (codecId === 'avsc') return schemas?.avsc;
  if (codecId === 'protobufjs') return schemas?.proto;
  return undefined;
}

function runValueProbe(probe: ValueProbe, codec: CodecModule, codecId: string): Omit<UnitResult, 'durationMs'> {
  const sample = probe.sample(codecId);
  const schema = schemaFor(codecId, probe.schemas);
  const prepared = attempt('prepare', () => codec.prepare(sample, schema === undefined ? {} : { schema }));
  if (prepared instanceof StageFailure) return failed(prepared);
  const wire = probe.wire?.(codecId);
  const bytes = wire ?? attempt('encode', () => prepared.encode(prepared.input).slice());
  if (bytes instanceof StageFailure) return failed(bytes);
  const decoded = attempt('decode', () => prepared.decode(bytes));
  if (decoded instanceof StageFailure) return failed(decoded, wire === undefined);
  const judgement = probe.judge(decoded, sample);
  const from = wire === undefined ? '' : `decoding the wire bytes ${describeWire(wire)}: `;
  return { effects: judgement.effects.length === 0 ? ['preserved'] : judgement.effects, detail: from + judgement.detail };
}

function describeWire(bytes: Uint8Array): string {
  const text = Buffer.from(bytes).toString('latin1');
  return /^[\x20-\x7e]+$/.test(text) ? text : Buffer.from(bytes).toString('hex');
}

interface Tally {
  count: number;
  example: string;
}

/** Decodes each damaged variant and groups them by what happened. */
function runDamaged(prepared: PreparedCodec, variants: Iterable<{ label: string; bytes: Uint8Array }>, noun: string): Omit<UnitResult, 'durationMs'> {
  const tallies = new Map<ProbeOutcome, Tally>();
  let total = 0;
  for (const { label, bytes } of variants) {
    total++;
    let outcome: ProbeOutcome;
    let example: string;
    const decoded = attempt('decode', () => prepared.decode(bytes));
    if (decoded instanceof StageFailure) {
      outcome = 'clean-error';
      example = `${label}: ${decoded.message}`;
    } else {
      const judgement = judgeRoundTrip(BASE_RECORD, decoded);
      outcome = judgement.effects.length === 0 ? 'preserved' : 'wrong-value';
      example = `${label} → ${judgement.effects.length === 0 ? 'the original record' : judgement.detail}`;
    }
    const tally = tallies.get(outcome);
    if (tally === undefined) tallies.set(outcome, { count: 1, example });
    else tally.count++;
  }
  const words: Partial<Record<ProbeOutcome, string>> = {
    'clean-error': 'refused',
    'wrong-value': 'decoded silently to a different value',
    preserved: 'decoded to the original record (harmless)',
  };
  const cases: ProbeCase[] = [...tallies].map(([outcome, tally]) => ({
    label: `${tally.count} of ${total} ${noun}`,
    outcome,
    detail: `e.g. ${tally.example}`,
  }));
  const summary = [...tallies].map(([outcome, tally]) => `${tally.count} ${words[outcome] ?? outcome}`).join(', ');
  const effects = [...tallies.keys()].filter((outcome) => outcome !== 'preserved');
  const silent = tallies.get('wrong-value');
  const example = silent === undefined ? '' : `; e.g. ${silent.example}`;
  return { effects: effects.length === 0 ? ['preserved'] : effects, detail: `${total} ${noun}: ${summary}${example}`, cases };
}

function runMalformed(unit: ProbeUnit, codec: CodecModule, codecId: string): Omit<UnitResult, 'durationMs'> {
  if (unit.probe === 'crafted-lengths') {
    const input = unit.craftedIndex === undefined ? undefined : craftedInputsFor(codecId)[unit.craftedIndex];
    if (input === undefined) {
      const reason = codecId === 'json' ? 'JSON text has no length prefixes' : 'no crafted inputs are known for this format';
      return { effects: ['not-applicable'], detail: reason };
    }
    const context = input.schema === undefined ? {} : { schema: input.schema };
    const prepared = attempt('prepare', () => codec.prepare(input.sample, context));
    if (prepared instanceof StageFailure) return failed(prepared);
    const decoded = attempt('decode', () => prepared.decode(Uint8Array.from(input.bytes)));
    const outcome: ProbeOutcome = decoded instanceof StageFailure ? 'clean-error' : 'wrong-value';
    // The outcome ("refused") is shown beside the detail: the detail says only what was thrown.
    const detail = decoded instanceof StageFailure ? `threw ${decoded.message}` : `decoded without error to ${show(decoded)}`;
    return { effects: [outcome], detail, stage: 'decode', cases: [{ label: input.label, outcome, detail }] };
  }
  const prepared = attempt('prepare', () => codec.prepare(BASE_RECORD, {}));
  if (prepared instanceof StageFailure) return failed(prepared);
  const encoded = attempt('encode', () => prepared.encode(prepared.input).slice());
  if (encoded instanceof StageFailure) return failed(encoded);
  return unit.probe === 'truncated-bytes' ? runDamaged(prepared, truncations(encoded), 'truncations') : runDamaged(prepared, bitFlips(encoded), 'bit flips');
}

export function runProbeUnit(unit: ProbeUnit, codec: CodecModule, codecId: string): UnitResult {
  const started = performance.now();
  const probe = findValueProbe(unit.probe);
  const result = probe === undefined ? runMalformed(unit, codec, codecId) : runValueProbe(probe, codec, codecId);
  return { ...result, durationMs: Math.round((performance.now() - started) * 10) / 10 };
}
