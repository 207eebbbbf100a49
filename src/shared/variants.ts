/**
 * Schema variants: the choices an inferred schema makes that change size and speed, as toggles
 * (issue: schemas in and out). They apply to schemas inferred from the sample; a provided
 * schema, and one derived from it, are used as given.
 *
 * - integers: `auto` (varint; zigzag where a field has negative values), `varint`
 *   (int32/int64: a negative value takes 10 bytes), `zigzag` (sint32/sint64), `fixed`
 *   (sfixed32/sfixed64: 4 or 8 bytes each). Only protobuf has the choice: Avro ints are
 *   always zigzag varints.
 * - doubles: `double`, or `float` (half the bytes, rounded to 32 bits: the round trip reports
 *   each value that changed).
 * - fields: `required` (optional only where the sample needs it) or `optional` (every field
 *   nullable in Avro, a union index byte each; explicit presence in proto3, zeros sent).
 */
export interface SchemaVariants {
  integers: 'auto' | 'varint' | 'zigzag' | 'fixed';
  doubles: 'double' | 'float';
  fields: 'required' | 'optional';
}

export const DEFAULT_VARIANTS: SchemaVariants = { integers: 'auto', doubles: 'double', fields: 'required' };

export const VARIANT_CHOICES: { [K in keyof SchemaVariants]: readonly SchemaVariants[K][] } = {
  integers: ['auto', 'varint', 'zigzag', 'fixed'],
  doubles: ['double', 'float'],
  fields: ['required', 'optional'],
};

/** Which codecs a variant changes: the ones to re-run when it is toggled. */
export const CODECS_AFFECTED_BY: { [K in keyof SchemaVariants]: readonly string[] } = {
  integers: ['protobufjs'],
  doubles: ['avsc', 'protobufjs'],
  fields: ['avsc', 'protobufjs'],
};

/** Parses `--integers zigzag`-style options; throws a message listing the choices. */
export function parseVariants(options: Partial<Record<keyof SchemaVariants, string | undefined>>): Partial<SchemaVariants> {
  const parsed: Partial<Record<keyof SchemaVariants, string>> = {};
  for (const key of Object.keys(VARIANT_CHOICES) as (keyof SchemaVariants)[]) {
    const value = options[key];
    if (value === undefined) continue;
    const choices = VARIANT_CHOICES[key] as readonly string[];
    if (!choices.includes(value)) throw new Error(`--${key} takes ${choices.join(', ')}; got '${value}'`);
    parsed[key] = value;
  }
  return parsed as Partial<SchemaVariants>;
}

export function withDefaults(variants: Partial<SchemaVariants> | undefined): SchemaVariants {
  return { ...DEFAULT_VARIANTS, ...variants };
}

/** `integers: zigzag, doubles: float`: the non-default choices, for notes; '' when none. */
export function describeVariants(variants: Partial<SchemaVariants> | undefined): string {
  const full = withDefaults(variants);
  return (Object.keys(full) as (keyof SchemaVariants)[])
    .filter((key) => full[key] !== DEFAULT_VARIANTS[key])
    .map((key) => `${key}: ${full[key]}`)
    .join(', ');
}
