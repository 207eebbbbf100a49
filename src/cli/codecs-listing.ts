/**
 * `payload-lab codecs`: every built-in codec with its format, library version and schema need,
 * then the external tools the generated-code rows need, each found or not (and how to fix it).
 */
import { builtinCodecs, DEFAULT_CODEC_IDS } from '../codecs/registry';
import { libraryVersion } from '../codecs/library-version';
import { findTool, type ToolLookup, type ToolSearch } from '../codegen/find-tool';
import { findToolSpec } from '../codegen/tool-registry';

export async function codecsListing(search: ToolSearch = {}): Promise<string> {
  const toolIds = [...new Set(builtinCodecs.flatMap((codec) => codec.tools ?? []))];
  const lookups = new Map<string, ToolLookup>(await Promise.all(toolIds.map(async (id) => [id, await findTool(findToolSpec(id)!, search)] as const)));
  const toolCell = (ids: readonly string[] | undefined) =>
    (ids ?? []).map((id) => `${lookups.get(id)!.spec.executable} ${lookups.get(id)!.found ? '✓' : '✗'}`).join(', ');
  const rows = builtinCodecs.map((codec) => [
    codec.id,
    codec.label,
    codec.format,
    `${codec.library} ${libraryVersion(codec.library).replace(/^node /, '')}`.replace(/^node:v8 /, 'node '),
    codec.needsSchema ? 'schema (inferred if none is given)' : 'no schema',
    DEFAULT_CODEC_IDS.includes(codec.id) ? 'default' : '',
    toolCell(codec.tools),
  ]);
  const header = ['id', 'label', 'format', 'library', 'schema', 'runs by default', 'tools (✓ found, ✗ missing)'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  const tools = [...lookups.values()].map((lookup) =>
    lookup.found
      ? `  ${lookup.spec.executable}: ${lookup.version}, ${lookup.path} (from ${lookup.from})`
      : `  ${lookup.spec.executable}: missing. ${lookup.problem}`,
  );
  return (
    `${[line(header), ...rows.map(line)].join('\n')}\n\n--codecs all runs every one; --codecs a,b picks some (the JSON baseline is always measured).\n` +
    `\nCode generators (rows whose tool is missing are skipped and say what to install):\n${tools.join('\n')}\n`
  );
}
