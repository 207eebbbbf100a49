/** A full collection between measurements, without starting Node with --expose-gc. */
import * as v8 from 'node:v8';
import * as vm from 'node:vm';

export function exposeGarbageCollector(): (() => void) | undefined {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing) return existing;
  try {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as () => void;
  } catch {
    return undefined;
  }
}
