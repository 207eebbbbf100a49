/** `payload-lab codecs`: every built-in codec with its format, library version and schema need. */
import { builtinCodecs, DEFAULT_CODEC_IDS } from '../codecs/registry';
import { libraryVersion } from '../codecs/library-version';

export function codecsListing(): string {
  const rows = builtinCodecs.map((codec) => [
    codec.id,
    codec.label,
    codec.format,
    `${codec.library} ${libraryVersion(codec.library).replace(/^node /, '')}`.replace(/^node:v8 /, 'node '),
    codec.needsSchema ? 'schema (inferred if none is given)' : 'no schema',
    DEFAULT_CODEC_IDS.includes(codec.id) ? 'default' : '',
  ]);
  const header = ['id', 'label', 'format', 'library', 'schema', 'runs by default'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd();
  return `${[line(header), ...rows.map(line)].join('\n')}\n\n--codecs all runs every one; --codecs a,b picks some (the JSON baseline is always measured).\n`;
}
