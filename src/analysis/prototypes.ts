/**
 * What a decoded object inherits: a readable name for its prototype and the properties its
 * chain adds. Computed once per prototype, since a decoded sample usually holds thousands of
 * objects sharing a handful of prototypes.
 */

export interface InheritedAccessor {
  getter: boolean;
  setter: boolean;
  /** Name of the prototype that defines it. */
  owner: string;
}

export interface PrototypeInfo {
  /** e.g. "Item (protobufjs Message)"; null for a null prototype. */
  label: string | null;
  /** Enumerable keys found on the chain: for…in and spread see or miss these. */
  inheritedEnumerable: string[];
  accessors: Map<string, InheritedAccessor>;
  /** Name of the prototype defining a toJSON method, if the chain has one. */
  toJsonOwner: string | null;
}

function safeRead(target: object, key: string): unknown {
  try {
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    return descriptor !== undefined && 'value' in descriptor ? descriptor.value : undefined;
  } catch {
    return undefined;
  }
}

function readProperty(target: object, key: string): unknown {
  try {
    return (target as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

/** The library names users recognise beat the generated class names alone. */
function libraryHint(prototype: object, ctor: unknown): string | undefined {
  const protobufType = readProperty(prototype, '$type');
  if (protobufType !== null && typeof protobufType === 'object' && typeof readProperty(protobufType, 'fullName') === 'string') {
    return 'protobufjs Message';
  }
  if (typeof ctor === 'function' && typeof readProperty(ctor, 'getType') === 'function') {
    // avro-js (Apache Avro's library, which avsc grew from) prefixes its record methods with `$`.
    return typeof readProperty(prototype, '$getType') === 'function' ? 'avro-js record' : 'avsc record';
  }
  return undefined;
}

export function prototypeName(prototype: object): string {
  const ctor = readProperty(prototype, 'constructor');
  let name = typeof ctor === 'function' ? ctor.name : '';
  if (name === '') {
    // protobufjs generates anonymous constructors; its type object knows the message name.
    const protobufType = readProperty(prototype, '$type');
    const typeName = protobufType !== null && typeof protobufType === 'object' ? readProperty(protobufType, 'name') : undefined;
    name = typeof typeName === 'string' && typeName !== '' ? typeName : 'anonymous class';
  }
  const hint = libraryHint(prototype, ctor);
  if (hint !== undefined) return `${name} (${hint})`;
  const base = Object.getPrototypeOf(prototype) as object | null;
  if (base !== null && base !== Object.prototype && base !== Array.prototype) {
    const baseCtor = safeRead(base, 'constructor');
    if (typeof baseCtor === 'function' && baseCtor.name !== '') return `${name} (extends ${baseCtor.name})`;
  }
  return name;
}

/** Describes chains; keep one per analysis run so prototypes are not held beyond it. */
export class PrototypeCatalog {
  private readonly known = new Map<object | null, PrototypeInfo>();

  describe(prototype: object | null): PrototypeInfo {
    let info = this.known.get(prototype);
    if (info === undefined) {
      info = this.inspect(prototype);
      this.known.set(prototype, info);
    }
    return info;
  }

  private inspect(prototype: object | null): PrototypeInfo {
    const info: PrototypeInfo = {
      label: prototype === null ? null : prototypeName(prototype),
      inheritedEnumerable: [],
      accessors: new Map(),
      toJsonOwner: null,
    };
    const seen = new Set<string>();
    for (
      let level: object | null = prototype;
      level !== null && level !== Object.prototype && level !== Array.prototype;
      level = Object.getPrototypeOf(level) as object | null
    ) {
      const owner = prototypeName(level);
      for (const key of Object.getOwnPropertyNames(level)) {
        // The nearest definition wins, as it does for a property read.
        if (seen.has(key)) continue;
        seen.add(key);
        const descriptor = Object.getOwnPropertyDescriptor(level, key);
        if (descriptor === undefined) continue;
        if (descriptor.enumerable === true) info.inheritedEnumerable.push(key);
        if (key === 'toJSON' && typeof descriptor.value === 'function') info.toJsonOwner = owner;
        if (descriptor.get !== undefined || descriptor.set !== undefined) {
          info.accessors.set(key, { getter: descriptor.get !== undefined, setter: descriptor.set !== undefined, owner });
        }
      }
    }
    return info;
  }
}
