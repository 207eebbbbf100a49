/**
 * Global prototype pollution: properties added to, removed from or replaced on the shared
 * built-in prototypes while a library decoded. A polluted process is not reused: the probe
 * process exits after reporting, and the next probe starts in a fresh one.
 */

const WATCHED: ReadonlyArray<[string, object]> = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
];

type Snapshot = Array<Map<string | symbol, PropertyDescriptor>>;

export function snapshotPrototypes(): Snapshot {
  return WATCHED.map(([, target]) => {
    const entries = new Map<string | symbol, PropertyDescriptor>();
    for (const key of Reflect.ownKeys(target)) entries.set(key, Object.getOwnPropertyDescriptor(target, key)!);
    return entries;
  });
}

function sameDescriptor(a: PropertyDescriptor, b: PropertyDescriptor): boolean {
  return a.value === b.value && a.get === b.get && a.set === b.set && a.enumerable === b.enumerable && a.writable === b.writable;
}

/** Each change as `Object.prototype.injected added`; empty when nothing changed. */
export function pollutionSince(before: Snapshot): string[] {
  const after = snapshotPrototypes();
  const changes: string[] = [];
  WATCHED.forEach(([name], index) => {
    const old = before[index]!;
    const now = after[index]!;
    for (const [key, descriptor] of now) {
      const previous = old.get(key);
      if (previous === undefined) changes.push(`${name}.${String(key)} added`);
      else if (!sameDescriptor(previous, descriptor)) changes.push(`${name}.${String(key)} replaced`);
    }
    for (const key of old.keys()) if (!now.has(key)) changes.push(`${name}.${String(key)} removed`);
  });
  return changes;
}
