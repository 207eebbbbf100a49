/**
 * What every section showing a run of its own kind (a sweep, a schema change) does first: hidden
 * with no run; else shown, its phase and run id on the element (for styles and tests).
 */
export interface ShownRun {
  runId: number;
  phase: string;
}

/** Shows or hides the section; true (and the model is a run) when there is one to draw. */
export function showRunSection<M extends ShownRun>(element: HTMLElement, model: M | null): model is M {
  element.hidden = model === null;
  if (!model) return false;
  element.dataset['phase'] = model.phase;
  element.dataset['runId'] = String(model.runId);
  return true;
}
