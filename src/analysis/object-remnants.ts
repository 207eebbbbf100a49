/**
 * What one decoded container is, beyond its data: its prototype and what that chain adds
 * (enumerable properties, accessors, a toJSON hook), and own properties a JSON consumer does
 * not see (getters, non-enumerable properties, symbol keys).
 */
import { PatternNode, patternOf, type PathNode } from './json-path';
import { PrototypeCatalog } from './prototypes';
import type { RemnantGroups } from './remnant-groups';
import type { ContainerKind } from './walk-pairs';

function accessorLabel(getter: boolean, setter: boolean, where: string): string {
  const what = getter && setter ? 'getter and setter' : getter ? 'getter' : 'setter';
  return `${what} ${where}`;
}

export class ObjectInspector {
  private readonly catalog = new PrototypeCatalog();

  constructor(
    private readonly groups: RemnantGroups,
    private readonly root: PatternNode,
  ) {}

  /** The prototype's readable name, e.g. "Item (protobufjs Message)"; null for a null prototype. */
  prototypeLabel(prototype: object | null): string | null {
    return this.catalog.describe(prototype).label;
  }

  inspect(object: object, node: PathNode, kind: ContainerKind, original: object): void {
    if (kind !== 'object' && kind !== 'array') return; // Map and typed arrays are type changes
    if (kind === 'object') this.ownProperties(object, node, original);
    this.symbolKeys(object, node, kind);
    const prototype = Object.getPrototypeOf(object) as object | null;
    if (prototype === (kind === 'array' ? Array.prototype : Object.prototype)) return;

    const info = this.catalog.describe(prototype);
    const pattern = patternOf(node, this.root);
    const noun = kind === 'array' ? 'arrays' : 'objects';
    const label = info.label ?? '';
    this.groups.add('prototype', pattern, label, noun, '', node);
    let inherited: Set<string> | null = null; // no array per object: there may be millions
    for (const key of info.inheritedEnumerable) {
      if (Object.hasOwn(object, key)) continue;
      inherited ??= this.groups.add('inherited-enumerable', pattern, label, noun, '', node).names ??= new Set();
      inherited.add(key);
    }
    if (info.toJsonOwner !== null && !Object.hasOwn(object, 'toJSON')) {
      this.groups.add('to-json', pattern, `toJSON() inherited from ${info.toJsonOwner}`, noun, '', node);
    }
    if (kind !== 'object') return;
    // Inherited accessors matter where they stand in for the sample's own data.
    for (const key of Object.keys(original)) {
      const accessor = Object.hasOwn(object, key) ? undefined : info.accessors.get(key);
      if (accessor === undefined) continue;
      const text = accessorLabel(accessor.getter, accessor.setter, `inherited from ${accessor.owner}`);
      const at = node.child(key);
      this.groups.add('accessor', patternOf(at, this.root), text, 'objects', text, at);
    }
  }

  /** Own getters, hidden (non-enumerable) properties and an own toJSON, in one pass. */
  private ownProperties(object: object, node: PathNode, original: object): void {
    for (const key of Object.getOwnPropertyNames(object)) {
      const descriptor = Object.getOwnPropertyDescriptor(object, key);
      if (descriptor === undefined) continue;
      // Most properties are plain data: path nodes are made only for findings.
      const accessor = descriptor.get !== undefined || descriptor.set !== undefined;
      if (!accessor && descriptor.enumerable !== false && key !== 'toJSON') continue;
      const at = node.child(key);
      if (accessor) {
        const text = accessorLabel(descriptor.get !== undefined, descriptor.set !== undefined, '(own)');
        this.groups.add('accessor', patternOf(at, this.root), text, 'objects', text, at);
      }
      if (key === 'toJSON' && typeof descriptor.value === 'function') {
        this.groups.add('to-json', patternOf(node, this.root), 'own toJSON()', 'objects', '', node);
        continue;
      }
      if (descriptor.enumerable !== false) continue;
      const text = Object.hasOwn(original, key)
        ? 'sample data held in a non-enumerable property: JSON.stringify, spread and Object.keys skip it'
        : 'non-enumerable property not in the sample (JSON.stringify skips it, `in` and direct reads see it)';
      this.groups.add('non-enumerable', patternOf(at, this.root), text, 'objects', text, at);
    }
  }

  private symbolKeys(object: object, node: PathNode, kind: 'object' | 'array'): void {
    const symbols = Object.getOwnPropertySymbols(object);
    if (symbols.length === 0) return;
    const pattern = patternOf(node, this.root);
    for (const symbol of symbols) {
      const text = `own symbol key ${String(symbol)}: JSON.stringify and Object.keys skip it, spread copies it`;
      this.groups.add('symbol-key', pattern, text, kind === 'array' ? 'arrays' : 'objects', text, node);
    }
  }
}
