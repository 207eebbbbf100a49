/** Where a schema fails to load, as it crosses a worker or process boundary (1-based line and column). */
export interface SchemaProblem {
  message: string;
  line: number;
  column: number;
}
