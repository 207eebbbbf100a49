/**
 * The names the panel's rows go by (src/shared/codec-names.ts): the table, the charts, the
 * bytes bars and the matrix call each row the same. From the rows with results: a row still
 * waiting is called by its id until its result says which library it is.
 */
import { codecNames } from '../../src/shared/codec-names';
import type { Row } from './model';

export function namesOfRows(rows: readonly Row[]): (codec: string) => string {
  return codecNames(rows.flatMap((row) => (row.kind === 'result' ? [row.result] : [])));
}
