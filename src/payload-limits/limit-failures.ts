/**
 * What stopped a codec at a size, in the limit search's kinds: an error the library threw (its
 * own limit, V8's RangeError, anything else), or how its process ended.
 */
import { UnsupportedSampleError } from '../codecs/codec';
import type { ChildExit } from '../processes/supervise-child';
import type { LimitFailure, LimitFailureKind } from '../shared/sweep';

/** The library's own limit (BSON's document size), V8's RangeError, or another error. */
export function failureKindOf(error: unknown): LimitFailureKind {
  if (error instanceof UnsupportedSampleError) return 'library-limit';
  if (error instanceof RangeError) return 'range-error';
  return 'error';
}

const OUT_OF_MEMORY = /heap out of memory|Allocation failed|Reached heap limit|out of memory/i;

/** How a limit process that never answered ended, from its exit and the last words on its stderr. */
export function deathFailure(
  exit: ChildExit,
  stderrTail: string,
  stage: LimitFailure['stage'],
  heapLimitMb: number | undefined,
): Omit<LimitFailure, 'atJsonBytes'> {
  const lines = stderrTail
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  // V8's own verdict ("FATAL ERROR: … heap out of memory") rather than the native stack after it.
  const lastLine = lines.find((line) => /^FATAL ERROR/.test(line)) ?? lines.find((line) => !/^\d+: 0x/.test(line) && !/^<--/.test(line)) ?? lines.pop();
  const heap = heapLimitMb === undefined ? '' : ` (heap limit ${heapLimitMb} MB)`;
  if (exit.kind === 'out-of-memory' || OUT_OF_MEMORY.test(stderrTail))
    return { kind: 'out-of-memory', stage, message: `the process ran out of memory${heap}: ${lastLine ?? 'heap out of memory'}` };
  const how = exit.signal === null ? `code ${exit.code}` : `signal ${exit.signal}`;
  if (exit.signal === 'SIGKILL') return { kind: 'out-of-memory', stage, message: `the process was killed from outside (${how}): out of system memory?` };
  return { kind: 'crash', stage, message: `the process ended with ${how}${lastLine ? `: ${lastLine}` : ''}` };
}

/** Resident memory at least this share of the heap limit: the timeout is the heap's thrash. */
const NEAR_HEAP_LIMIT = 0.75;

/** What a timeout says: how much the stopped process held, and whether that is near its heap limit. */
export function timeoutMessage(timeoutMs: number, rssMb: number | undefined, heapLimitMb: number | undefined): string {
  const held = rssMb === undefined ? '' : ` holding ${rssMb} MB${heapLimitMb === undefined ? '' : ` of a ${heapLimitMb} MB heap limit`}`;
  const near = rssMb !== undefined && heapLimitMb !== undefined && rssMb >= NEAR_HEAP_LIMIT * heapLimitMb;
  return `${near ? 'timed out near the heap limit' : 'timed out'}: no answer within ${Math.round(timeoutMs / 1000)} s (the process was stopped${held})`;
}
