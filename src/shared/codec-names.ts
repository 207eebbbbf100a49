/**
 * The name a row goes by wherever rows are listed together (the panel's table, charts and
 * matrix, the CLI's table, exports, the verdict): its codec id ("msgpackr") where it is the only
 * library of its format among those rows, else its label, which names the format and the library
 * ("MessagePack (msgpackr)" beside "MessagePack (@msgpack/msgpack)"). Two ids of one format side
 * by side ("msgpack", "msgpackr") read as one typo apart. The id stays what the CLI's --codecs
 * and the settings take, and what reports' `codec` field holds.
 */

/** What naming needs of a row, a planned codec or a registry entry. */
export interface NameableCodec {
  codec: string;
  label: string;
  format: string;
  library: string;
}

/** Names for these codecs, looked up by id; an id not among them is its own name. */
export function codecNames(codecs: readonly NameableCodec[]): (codec: string) => string {
  const libraries = new Map<string, Set<string>>();
  for (const { format, library } of codecs) libraries.set(format, (libraries.get(format) ?? new Set()).add(library));
  const names = new Map(codecs.map((codec) => [codec.codec, (libraries.get(codec.format)?.size ?? 0) > 1 ? codec.label : codec.codec]));
  return (codec) => names.get(codec) ?? codec;
}
