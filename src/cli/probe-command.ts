/**
 * `payload-lab probe`: what each library does with awkward inputs (a `__proto__` key, 2^53 + 1,
 * -0, deep nesting, truncated and crafted bytes). Every probe runs in a child process, so a
 * decoder that aborts its process costs a `CRASHED` cell, not the CLI.
 */
import { parseArgs } from 'node:util';
import { builtinCodecs, expandCodecSelection, findBuiltinCodec } from '../codecs/registry';
import { DEFAULT_PROBE_MEMORY_MB, DEFAULT_PROBE_TIMEOUT_MS, runProbes } from '../probes/run-probes';
import { describeProbeLimits } from '../shared/probes';
import { probeFindings, probeFooter, probeTable } from './probe-table';

export const PROBE_USAGE = `Usage: payload-lab probe [options]

Runs a fixed set of small inputs through every codec, each in a child process with a heap
limit and a timeout, and reports per library: kept, refused cleanly, changed silently,
renamed or dropped a key, replaced a prototype, polluted Object.prototype, hung or crashed.

Options:
  --json               print one JSON document instead of the table
  --codecs a,b,c       codecs to probe (default: the seven most-used; 'all': every one; see 'payload-lab codecs')
  --timeout MS         kill a probe process after MS milliseconds per input (default ${DEFAULT_PROBE_TIMEOUT_MS})
  --memory-limit MB    heap limit of each probe process (default ${DEFAULT_PROBE_MEMORY_MB})
  --codec-module PATH  also probe a codec module of your own (exports prepare); repeatable
  -h, --help           this text`;

function usageError(message: string): number {
  process.stderr.write(`payload-lab: ${message}\n\n${PROBE_USAGE}\n`);
  return 2;
}

function positiveInteger(value: string | undefined): number | undefined | null {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : null;
}

/** Returns the exit code: 0 done (whatever the libraries did), 2 usage. Cancellation propagates. */
export async function probeCommand(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: {
        json: { type: 'boolean', default: false },
        codecs: { type: 'string' },
        timeout: { type: 'string' },
        'memory-limit': { type: 'string' },
        'codec-module': { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    return usageError((error as Error).message);
  }
  const { values } = parsed;
  if (values.help) {
    process.stdout.write(`${PROBE_USAGE}\n`);
    return 0;
  }
  const listed = values.codecs
    ?.split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const codecs = listed && expandCodecSelection(listed);
  const unknown = (codecs ?? []).filter((id) => !findBuiltinCodec(id));
  if (unknown.length > 0) {
    return usageError(`unknown codec: ${unknown.join(', ')} (known: ${builtinCodecs.map((c) => c.id).join(', ')})`);
  }
  const timeoutMs = positiveInteger(values.timeout);
  const memoryLimitMb = positiveInteger(values['memory-limit']);
  if (timeoutMs === null) return usageError(`--timeout takes a positive whole number, got '${values.timeout}'`);
  if (memoryLimitMb === null) return usageError(`--memory-limit takes a positive whole number, got '${values['memory-limit']}'`);

  const asJson = values.json === true;
  const progress = process.stderr.isTTY && !asJson;
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  let finished = 0;
  const report = await runProbes({
    codecs,
    codecModules: values['codec-module'],
    timeoutMs,
    memoryLimitMb,
    signal: controller.signal,
    onResult: progress ? (result) => process.stderr.write(`\x1b[2K\r  ${++finished} probes done (last: ${result.codec} ${result.probe})…\r`) : undefined,
  });
  if (progress) process.stderr.write('\x1b[2K\r');
  if (report.limits.heapLimitHeld === false) {
    process.stderr.write(`payload-lab: warning: ${describeProbeLimits(report.limits)}\n`);
  }
  if (asJson) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return 0;
  }
  const findings = probeFindings(report);
  process.stdout.write(`${[probeTable(report), '', ...(findings ? [findings, ''] : []), probeFooter(report)].join('\n')}\n`);
  return 0;
}
