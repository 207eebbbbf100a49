/**
 * A run's failure in the Payload Lab log. Bad input (a JSON syntax error, a schema that does not
 * load, a sample a sweep cannot scale) is the user's to fix, not a fault of the tool: one
 * warning line whose message already says file:line:column and what to do, no stack. Anything
 * else is ours: an error with its stack, for a bug report. Pure: no vscode import.
 */
import { SampleInputError } from '../input/read-sample';
import { SchemaInputError } from '../schema/schema-problem';
import { UnscalableSampleError } from '../measurement/scale-sample';

export interface FailureLog {
  warn(message: string): void;
  error(message: string): void;
}

/** `what`: the run it ended, `run 3`, `sweep 2`. */
export function logFailure(log: FailureLog, what: string, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  if (isInputProblem(error)) log.warn(`${what}: input problem: ${message.replace(/\s*[\r\n]+\s*/g, ' ')}`);
  else log.error(`${what}: ${error instanceof Error ? (error.stack ?? message) : message}`);
}

export function isInputProblem(error: unknown): boolean {
  return error instanceof SampleInputError || error instanceof SchemaInputError || error instanceof UnscalableSampleError;
}
