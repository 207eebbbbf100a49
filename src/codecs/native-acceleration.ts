import type { NoteFact } from '../shared/results';

/** msgpackr and cbor-x decode strings faster with an optional native addon: say which ran. */
export function nativeAccelerationNote(library: string, enabled: unknown): NoteFact {
  return { code: 'native-acceleration', library, enabled: Boolean(enabled) };
}
