/**
 * The `payloadLab.*` settings as one typed table, built from package.json's
 * `contributes.configuration` (bundled at build time): each setting's type, default and bounds
 * live there and nowhere else, and a name that is not contributed does not compile. Reading
 * goes through `readSetting`, which gives the default for a value of the wrong type and keeps a
 * number within the declared bounds: VS Code warns about such values in the Settings editor but
 * still hands them over as written.
 */
import manifest from '../../package.json';

type Contributed = typeof manifest.contributes.configuration.properties;
type Unprefixed<Key> = Key extends `payloadLab.${infer Name}` ? Name : never;

/** A setting's name without `payloadLab.`: `rounds`, `sweep.maxMb`, `tools.protoc`. */
export type SettingName = Unprefixed<keyof Contributed>;

/**
 * JSON types `[]` as never[], which no value fits (the one such default is a list of paths), and
 * `null` as null (the one such default is a number left to the engine).
 */
type Widened<Value> = Value extends never[] ? string[] : Value extends null ? number | null : Value;

/** The value a setting holds, typed from its default in package.json. */
export type SettingValue<Name extends SettingName> = Widened<Contributed[Extract<keyof Contributed, `payloadLab.${Name}`>]['default']>;

/** The settings of the code generators' paths (`payloadLab.tools.*`). */
export type ToolSettingName = Extract<SettingName, `tools.${string}`>;

/** What `readSetting` takes from a setting's declaration. */
interface Declared {
  /** A list: any of those types (`["number", "null"]`). */
  type: string | string[];
  default: unknown;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  items?: { type?: string; enum?: unknown[] };
}

const PREFIX = 'payloadLab.';
const declared: Record<string, Declared> = manifest.contributes.configuration.properties;

/** Every setting's name, in package.json's order. */
export const SETTING_NAMES = Object.keys(declared).map((key) => key.slice(PREFIX.length)) as SettingName[];

/** Where values come from: a `vscode.WorkspaceConfiguration` of `payloadLab`, or a test's object. */
export interface SettingSource {
  get(name: string): unknown;
}

function declaration(name: string): Declared {
  const found = declared[PREFIX + name];
  if (!found) throw new Error(`package.json contributes no setting ${PREFIX}${name}`);
  return found;
}

/** A setting's default, as package.json declares it (a copy: callers may change it). */
export function settingDefault<Name extends SettingName>(name: Name): SettingValue<Name> {
  return structuredClone(declaration(name).default) as SettingValue<Name>;
}

/** `tools.<id>` when that tool has a setting (each of TOOL_SPECS has one: a test checks). */
export function toolSettingName(id: string): ToolSettingName | undefined {
  const name = `tools.${id}`;
  return PREFIX + name in declared ? (name as ToolSettingName) : undefined;
}

/** A setting's value as set, or its default when unset or of the wrong type; numbers within their bounds. */
export function readSetting<Name extends SettingName>(source: SettingSource, name: Name): SettingValue<Name> {
  const spec = declaration(name);
  const value = source.get(name);
  if (!fits(spec.type, spec.enum, value)) return settingDefault(name);
  if (typeof value === 'number') return withinBounds(spec, value) as SettingValue<Name>;
  if (Array.isArray(value)) {
    const items = value.filter((item) => fits(spec.items?.type, spec.items?.enum, item));
    return (items.length < (spec.minItems ?? 0) ? settingDefault(name) : items) as SettingValue<Name>;
  }
  return value as SettingValue<Name>;
}

function fits(type: string | string[] | undefined, choices: unknown[] | undefined, value: unknown): boolean {
  if (choices && !choices.includes(value)) return false;
  if (Array.isArray(type)) return type.some((one) => fits(one, undefined, value));
  switch (type) {
    case 'null':
      return value === null;
    case 'number':
    case 'integer':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string';
    case 'array':
      return Array.isArray(value);
    default:
      return type === undefined;
  }
}

/** Past an inclusive bound: the bound. Past an exclusive one (no nearest value): the default. */
function withinBounds(spec: Declared, value: number): number {
  const below = spec.exclusiveMinimum !== undefined && value <= spec.exclusiveMinimum;
  const above = spec.exclusiveMaximum !== undefined && value >= spec.exclusiveMaximum;
  if (below || above) return spec.default as number;
  return Math.min(Math.max(value, spec.minimum ?? -Infinity), spec.maximum ?? Infinity);
}
