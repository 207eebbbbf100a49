/**
 * Pure decisions of Check Schema Change (no vscode import): which file a menu gave (the
 * Explorer and the editor pass a URI, the SCM view its resource states), and which message
 * types both versions declare, the default first.
 */
import { orderMessageTypes, type MessageTypeChoice } from './schema-choices';

/**
 * The file the command runs on: a menu's URI, the SCM view's resource state (`resourceUri`;
 * with several selected, the first), else undefined (the caller takes the active editor's).
 */
export function menuTarget<U>(argument: unknown, isUri: (value: unknown) => value is U): U | undefined {
  const first: unknown = Array.isArray(argument) ? argument[0] : argument;
  if (isUri(first)) return first;
  if (typeof first === 'object' && first !== null && 'resourceUri' in first) {
    const resource = (first as { resourceUri: unknown }).resourceUri;
    if (isUri(resource)) return resource;
  }
  return undefined;
}

export interface VersionTypes {
  /** Full names, as the schema's loader lists them. */
  messageTypes: readonly string[];
  defaultType?: string;
  /** The .proto's package ('' when none or for Avro): names are compared without it. */
  packageName: string;
}

/** A .proto's package, as the evolution engine reads it. */
export function protoPackageOf(text: string): string {
  return /^\s*package\s+([\w.]+)\s*;/m.exec(text)?.[1] ?? '';
}

/**
 * The types both versions declare, by name without the package (a package change still pairs
 * them, as the engine does): the newer version's default first, then its others in file order.
 */
export function commonMessageTypes(newer: VersionTypes, older: VersionTypes): MessageTypeChoice[] {
  const local = (name: string, packageName: string) => (packageName && name.startsWith(`${packageName}.`) ? name.slice(packageName.length + 1) : name);
  const olderNames = new Set(older.messageTypes.map((name) => local(name, older.packageName)));
  const ordered = orderMessageTypes(newer.messageTypes, newer.defaultType);
  return ordered.map((choice) => ({ ...choice, typeName: local(choice.typeName, newer.packageName) })).filter((choice) => olderNames.has(choice.typeName));
}
