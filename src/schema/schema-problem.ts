/**
 * What is wrong with a schema file, and where: the same structure for the CLI
 * (`file:line:column: message`) and for editor diagnostics. Positions are 1-based, columns in
 * UTF-16 code units, as editors count.
 */

import type { SchemaProblem } from '../shared/schema-problem';

/** Thrown where a schema must load for work to go on (compare, the `schema` command). */
export class SchemaInputError extends Error {
  override name = 'SchemaInputError';
  constructor(
    readonly path: string,
    readonly problem: SchemaProblem,
  ) {
    super(`${path}:${problem.line}:${problem.column}: ${problem.message}`);
  }
}

/** The offset of a 1-based line's first character (the end of the text past the last line). */
export function lineStartOffset(text: string, line: number): number {
  let offset = 0;
  for (let current = 1; current < line; current++) {
    const next = text.indexOf('\n', offset);
    if (next === -1) return text.length;
    offset = next + 1;
  }
  return offset;
}
