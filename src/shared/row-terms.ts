/**
 * The small terms a row and its facts are made of, apart from results.ts so that the facts
 * (note-facts.ts) can use them while results.ts uses the facts. results.ts re-exports them.
 */

/**
 * `provided`: the user's schema, as given; `derived`: translated field by field from a schema
 * the user gave in the other format (a .proto for avsc, an .avsc for protobufjs).
 */
export type SchemaOrigin = 'inferred' | 'provided' | 'derived' | 'none';

/** A step of a codec run, reported as progress as the worker enters it. */
export type WorkStage = 'input' | 'prepare' | 'encode' | 'decode' | 'verify' | 'measure';

/**
 * Where a codec run stopped: the step it was in, or what happened to its worker (`timeout`,
 * `memory`, `crash`, `cancelled`).
 */
export type ErrorStage = WorkStage | 'timeout' | 'memory' | 'crash' | 'cancelled';

export interface StageError {
  stage: ErrorStage;
  message: string;
}

/**
 * What a codec does where `eval` / `new Function` are forbidden (a CSP without 'unsafe-eval',
 * Node's --disallow-code-generation-from-strings): the same speed, slower, or it fails (the
 * error). Ratios: its time without code generation over its time with it (median over the
 * rounds), divided by the same ratio of JSON, which generates no code (the strict context's
 * own cost cancels).
 */
export type CodeGenerationCheck =
  | { status: 'same'; encodeRatio: number; decodeRatio: number }
  | { status: 'slower'; encodeRatio: number; decodeRatio: number }
  | { status: 'fails'; error: StageError };
