/**
 * `payload-lab sweep`: the published benchmark's study on the user's sample: each codec timed
 * at sizes from about 1 KiB to a maximum (the sample's records cut or repeated), its growth
 * slope, and with --limits the largest payload each codec takes before it fails.
 */
import { parseArgs } from 'node:util';
import { builtinCodecs } from '../codecs/registry';
import { unknownCodecs } from '../engine/compare';
import { DEFAULT_STEP_FACTOR, DEFAULT_SWEEP_GROWTH, DEFAULT_SWEEP_MAX_BYTES, limitsOnlyReport, MAX_SWEEP_BYTES, MB, sweepSample } from '../engine/sweep';
import { DEFAULT_LIMIT_CAP_BYTES, DEFAULT_LIMIT_PARALLEL, DEFAULT_LIMIT_TIMEOUT_MS, findLimits } from '../payload-limits/run-limits';
import type { SweepReport } from '../shared/sweep';
import { describeHeap, growthTable, limitRow, limitsHeading, sizeTable, sweepFooter, sweepPlanLine } from './sweep-table';

export const SWEEP_USAGE = `Usage: payload-lab sweep [FILE] [options]

Times every codec on FILE scaled to sizes from about 1 KiB to a maximum, in steps of about ×4:
the sample's records (a top-level array, or its largest array of records) are cut to the first
ones to go down; to go up, fresh records generated from theirs (seeded) follow them. Each size
is a full comparison: verified round trip, fresh workers, rounds and intervals. Then each
codec's growth slope. Without FILE, the bundled sample.

Options:
  --json               print one JSON document: { sizes: [{ jsonBytes, results }], growth, limits? }
  --codecs a,b,c       codecs to run (default: all; see 'payload-lab codecs')
  --max-mb N           largest size, MiB of JSON (default ${DEFAULT_SWEEP_MAX_BYTES / MB}, at most ${MAX_SWEEP_BYTES / MB})
  --steps F|LIST       a step factor (default ${DEFAULT_STEP_FACTOR}), or sizes such as 1k,64k,1m,16m
  --growth fresh|repeat  above the sample's own size: fresh records made from the profile of its
                       records, path by path (default ${DEFAULT_SWEEP_GROWTH}), or its records repeated in
                       order (repetition favours compression: ratios fall to what no real data gets)
  --quick              quick rounds at each size (2 rounds of 100 ms per codec)
  --rounds N           rounds at each size
  --warmup MS          warm-up of each operation before it is timed, as in compare (default: the larger
                       of 50 ms and a quarter of the operation's time)
  --limits             then find each codec's payload limits (encode, decode), each size in a process of its own
  --limits-only        only the limits, no sweep
  --heap-mb N          heap limit of the limit processes (default: Node's default heap, as published)
  --cap-mb N           stop the limit search at N MiB of JSON (default ${DEFAULT_LIMIT_CAP_BYTES / MB}): "≥ cap"
  --limit-timeout S    most seconds a size may take in the limit search (default ${DEFAULT_LIMIT_TIMEOUT_MS / 1000}; each size gets
                       4× what the size before it predicts, at least 60)
  --limit-parallel N   codecs searched at once (default ${DEFAULT_LIMIT_PARALLEL}), as far as free memory holds each at twice its heap
  --memory-limit MB    heap limit of each sweep worker
  -h, --help           this text`;

export class SweepUsageError extends Error {}

function positiveNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new SweepUsageError(`--${name} takes a positive number, got '${value}'`);
  return parsed;
}

const UNITS: Record<string, number> = { '': 1, b: 1, k: 1024, kb: 1024, kib: 1024, m: MB, mb: MB, mib: MB, g: 1024 * MB, gb: 1024 * MB, gib: 1024 * MB };

/** "4" → a factor; "1k,64k,1m" → sizes in bytes. */
export function parseSteps(value: string): { stepFactor: number } | { sizes: number[] } {
  if (/^\d+(\.\d+)?$/.test(value.trim())) {
    const factor = Number(value);
    if (!(factor > 1)) throw new SweepUsageError(`--steps: a step factor must be above 1, got '${value}'`);
    return { stepFactor: factor };
  }
  const sizes = value.split(',').map((part) => {
    const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(part);
    const unit = match ? UNITS[match[2]!.toLowerCase()] : undefined;
    if (!match || unit === undefined) throw new SweepUsageError(`--steps: '${part}' is not a size (give a factor such as 4, or sizes such as 1k,64k,1m)`);
    return Math.round(Number(match[1]) * unit);
  });
  return { sizes };
}

export async function sweepCommand(args: string[], bundledSample: string, signal: AbortSignal): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      codecs: { type: 'string' },
      'max-mb': { type: 'string' },
      steps: { type: 'string' },
      growth: { type: 'string' },
      quick: { type: 'boolean', default: false },
      rounds: { type: 'string' },
      warmup: { type: 'string' },
      limits: { type: 'boolean', default: false },
      'limits-only': { type: 'boolean', default: false },
      'heap-mb': { type: 'string' },
      'cap-mb': { type: 'string' },
      'limit-timeout': { type: 'string' },
      'limit-parallel': { type: 'string' },
      'memory-limit': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${SWEEP_USAGE}\n`);
    return 0;
  }
  if (positionals.length > 1) throw new SweepUsageError(`sweep takes one file, got ${positionals.length}`);
  const file = positionals[0] ?? bundledSample;
  const codecs = values.codecs
    ?.split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const unknown = unknownCodecs(codecs ?? []);
  if (unknown.length > 0) throw new SweepUsageError(`unknown codec: ${unknown.join(', ')} (known: ${builtinCodecs.map((c) => c.id).join(', ')})`);
  const maxMb = positiveNumber('max-mb', values['max-mb']);
  if (maxMb !== undefined && maxMb * MB > MAX_SWEEP_BYTES) throw new SweepUsageError(`--max-mb takes at most ${MAX_SWEEP_BYTES / MB}, got ${maxMb}`);
  const steps = values.steps === undefined ? {} : parseSteps(values.steps);
  const growth = values.growth ?? DEFAULT_SWEEP_GROWTH;
  if (growth !== 'fresh' && growth !== 'repeat') throw new SweepUsageError(`--growth takes fresh or repeat, got '${growth}'`);
  const rounds = positiveNumber('rounds', values.rounds);
  const warmup = values.warmup === undefined ? undefined : Number(values.warmup);
  if (warmup !== undefined && !(Number.isInteger(warmup) && warmup >= 0))
    throw new SweepUsageError(`--warmup takes a whole number of 0 or more, got '${values.warmup}'`);
  const heapMb = positiveNumber('heap-mb', values['heap-mb']);
  const capMb = positiveNumber('cap-mb', values['cap-mb']);
  const limitTimeout = positiveNumber('limit-timeout', values['limit-timeout']);
  const limitParallel = positiveNumber('limit-parallel', values['limit-parallel']);
  const asJson = values.json === true;
  const write = (text: string) => {
    if (!asJson) process.stdout.write(`${text}\n`);
  };
  const status = process.stderr.isTTY && !asJson ? (text: string) => process.stderr.write(`\x1b[2K\r  ${text}\r`) : undefined;

  let report: SweepReport = limitsOnlyReport(file);
  if (!values['limits-only']) {
    report = await sweepSample(
      { path: file },
      {
        codecs,
        quick: values.quick,
        ...(rounds === undefined ? {} : { rounds: Math.round(rounds) }),
        ...(warmup === undefined ? {} : { warmupMs: warmup }),
        ...(maxMb === undefined ? {} : { maxJsonBytes: Math.round(maxMb * MB) }),
        ...steps,
        growth,
        memoryLimitMb: positiveNumber('memory-limit', values['memory-limit']),
        signal,
        onPlan: (plan) => write(`${file}: ${sweepPlanLine(plan)}\n`),
        onStage: status && ((index, codec, stage, progress) => status(`size ${index + 1}: round ${progress.round} of ${progress.rounds}: ${codec}: ${stage}…`)),
        onSize: (_index, size) => {
          status?.('');
          write(sizeTable(size));
        },
      },
    );
    write(growthTable(report.growth));
    write(sweepFooter(report));
  }
  if (values.limits || values['limits-only']) {
    let headed = false;
    const capJsonBytes = capMb === undefined ? DEFAULT_LIMIT_CAP_BYTES : Math.round(capMb * MB);
    const found = await findLimits(
      { path: file },
      {
        codecs,
        ...(heapMb === undefined ? {} : { heapMb: Math.round(heapMb) }),
        capJsonBytes,
        ...(limitTimeout === undefined ? {} : { timeoutMs: limitTimeout * 1000 }),
        ...(limitParallel === undefined ? {} : { parallel: Math.round(limitParallel) }),
        signal,
        onTrial:
          status &&
          ((codec, target, outcome) =>
            status(`limits: ${codec} at ${(target / MB).toFixed(1)} MiB: ${outcome.decoded ? 'held' : (outcome.failure?.kind ?? 'failed')}`)),
        onLimit: (limit) => {
          status?.('');
          if (!headed) write(`\n${limitsHeading({ heapMb: heapMb ?? null, observedHeapLimitMb: null, capJsonBytes })}`);
          headed = true;
          write(limitRow(limit, capJsonBytes));
        },
      },
    );
    write(`heap: ${describeHeap(found.settings)}`);
    report = { ...report, limits: found.limits, limitSettings: found.settings };
  }
  if (process.stderr.isTTY && !asJson) process.stderr.write('\x1b[2K\r');
  if (asJson) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  return 0;
}
