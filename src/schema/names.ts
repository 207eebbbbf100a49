/**
 * Names for inferred schemas. Avro and proto3 share the identifier rule, so one module decides
 * which JSON keys can become field names and how type names are derived from keys.
 */

/** Avro names and proto identifiers alike: `[A-Za-z_][A-Za-z0-9_]*`. */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Whether a JSON key can be a field name in both Avro and proto3. */
export function isSchemaIdentifier(key: string): boolean {
  return IDENTIFIER.test(key);
}

/**
 * `__proto__` is a valid identifier, but avsc and protobufjs both assign decoded fields and map
 * entries with `obj[key] = value`, which would set the prototype instead of a property.
 */
export function isPrototypeKey(key: string): boolean {
  return key === '__proto__';
}

/** `odd key` → `OddKey`, `items_v2` → `ItemsV2`, `3d` → `T3d`; never empty. */
export function pascalCase(hint: string): string {
  const words = hint.split(/[^A-Za-z0-9]+/).filter((word) => word.length > 0);
  const joined = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
  if (joined.length === 0) return 'Type';
  return /^[0-9]/.test(joined) ? `T${joined}` : joined;
}

/**
 * The type name for one element of an array held under `key`: `items` → `Item`,
 * `entries` → `Entry`, `data` → `DataItem`. Crude on purpose: a readable guess, made unique later.
 */
export function elementTypeName(key: string): string {
  const base = pascalCase(key);
  if (/[^aeiou]ies$/i.test(base)) return `${base.slice(0, -3)}y`;
  if (/[^s]s$/.test(base)) return base.slice(0, -1);
  return `${base}Item`;
}

/**
 * Hands out type names once each. Names that must stay free (proto field names, which protoc
 * resolves before type names in a message's scope) are reserved up front.
 */
export class TypeNames {
  private readonly taken: Set<string>;

  constructor(reserved: Iterable<string> = []) {
    this.taken = new Set(reserved);
  }

  take(hint: string): string {
    const base = shortened(hint);
    let name = base;
    for (let suffix = 2; this.taken.has(name); suffix += 1) name = `${base}${suffix}`;
    this.taken.add(name);
    return name;
  }

  /** Frees a name taken for a type that turned out to duplicate another (see type-reuse.ts). */
  release(name: string): void {
    this.taken.delete(name);
  }
}

/**
 * Type names longer than this are cut. Names grow with nesting (`ItemItem…ItemList`): a list
 * 1,000 deep would be named by 4,000 characters, its schema would hold millions, and a code
 * generator's file named after it cannot be created.
 */
export const MAX_TYPE_NAME = 60;

/** The name's end (its most specific part), from a capital letter; unchanged when short. */
function shortened(name: string): string {
  if (name.length <= MAX_TYPE_NAME) return name;
  const end = name.slice(-MAX_TYPE_NAME);
  const capital = end.search(/[A-Z]/);
  return capital >= 0 && capital < MAX_TYPE_NAME / 2 ? end.slice(capital) : `T${end.replace(/^[^A-Za-z]+/, '')}`;
}
