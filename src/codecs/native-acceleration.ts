/** msgpackr and cbor-x decode strings faster with an optional native addon: say which ran. */
export function nativeAccelerationNote(library: string, enabled: unknown): string {
  return enabled ? `${library} native acceleration: on` : `${library} native acceleration: off (optional native addon not found; pure JavaScript decoding)`;
}
