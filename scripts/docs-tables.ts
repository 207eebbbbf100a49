/**
 * The README's and the manual's tables of commands, settings and codecs, written from where they
 * are declared (package.json's `contributes`, the codec registry) between marker comments:
 *
 *   <!-- generated:NAME -->
 *   …
 *   <!-- /generated:NAME -->
 *
 * Hand-kept tables drifted from package.json; generated ones cannot. The output depends only on
 * its inputs (declaration order, no dates, no machine): `npm run docs:tables` after a change
 * gives the same bytes on every machine, and `test/unit/docs-tables.test.ts` fails while a
 * document holds an older table.
 *
 * Usage: node --import tsx scripts/docs-tables.ts   (rewrites the documents in place)
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { builtinCodecs, DEFAULT_CODEC_IDS } from '../src/codecs/registry';
import type { CodecDescriptor } from '../src/shared/codec-job';

export const repoRoot = path.resolve(__dirname, '..');

/** The documents that hold generated tables, relative to the repository. */
export const DOCUMENTS = ['README.md', 'docs/extension.md', 'docs/codecs.md'];

interface Command {
  command: string;
  title: string;
  category?: string;
  enablement?: string;
}
interface MenuItem {
  command: string;
  when?: string;
}
interface Setting {
  type?: string | string[];
  default?: unknown;
  markdownDescription?: string;
  description?: string;
  scope?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  enum?: unknown[];
  items?: { enum?: unknown[] };
}
export interface Manifest {
  contributes?: {
    commands?: Command[];
    menus?: Record<string, MenuItem[]>;
    configuration?: { properties?: Record<string, Setting> } | { properties?: Record<string, Setting> }[];
  };
}

/** What each command does, in one line: package.json has titles only. A command missing here shows its title alone. */
const COMMAND_SUMMARIES: Record<string, string> = {
  'payloadLab.compareEncodings':
    'compares a JSON / JSON Lines file, or records for a `.proto`, `.avsc`, `.fbs`, `.capnp`, `.bop` schema, in the codecs of `payloadLab.defaultCodecs`',
  'payloadLab.compareWithSchema': "runs the last sample again with the editor's schema text (unsaved edits count)",
  'payloadLab.checkSchemaChange':
    "reads records of each version with every version's reader: the file against `HEAD`, a branch, a tag, a commit or another file",
  'payloadLab.runBenchmark': 'picks a sample, the codecs and the kind of run: compare (default, quick, thorough), messages, a size sweep, payload limits',
  'payloadLab.cancelRun': 'stops the comparison, probe run, sweep or limit search going on',
  'payloadLab.compareBundledSample': 'a quick comparison of the bundled web events (`schemas/events.json`)',
  'payloadLab.showResults': 'brings the panel to the front (without one yet, compares the bundled sample)',
  'payloadLab.openInferredSchema': 'opens the `.proto` or `.avsc` the last run inferred, beside the panel',
};

/** Menu ids as the VS Code user interface names them. */
const MENU_NAMES: Record<string, string> = {
  'explorer/context': 'Explorer',
  'editor/context': 'editor menu',
  'editor/title': 'editor title bar',
  'scm/resourceState/context': 'Source Control',
};

/** A table cell: one line, pipes escaped. */
function cell(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
}

function table(header: string[], rows: string[][]): string {
  const lines = [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`];
  for (const row of rows) lines.push(`| ${row.map(cell).join(' | ')} |`);
  return lines.join('\n');
}

/** `#payloadLab.sweep.maxMb#` (a settings link in VS Code) as code in Markdown. */
function plainMarkdown(text: string): string {
  return text.replace(/`?#([\w.]+)#`?/g, '`$1`');
}

/** Abbreviations whose full stop ends no sentence. */
const ABBREVIATIONS = /(?:^|\s)(?:e\.g|i\.e|etc|vs)\.$/;

/** The first sentence: up to the first full stop (or ! or ?) followed by white space or the end. */
export function firstSentence(text: string): string {
  for (const match of text.matchAll(/[.!?](?=\s|$)/g)) {
    const end = match.index + 1;
    if (!ABBREVIATIONS.test(text.slice(0, end))) return text.slice(0, end).trim();
  }
  return text.trim();
}

function settings(manifest: Manifest): [string, Setting][] {
  const configuration = manifest.contributes?.configuration;
  const sections = Array.isArray(configuration) ? configuration : configuration ? [configuration] : [];
  return sections.flatMap((section) => Object.entries(section.properties ?? {}));
}

function defaultText(setting: Setting): string {
  if (setting.default === undefined) return '—';
  if (setting.default === '') return '`""`';
  return `\`${JSON.stringify(setting.default).replace(/,/g, ', ')}\``;
}

function typeText(setting: Setting): string {
  const type = Array.isArray(setting.type) ? setting.type.join(' or ') : (setting.type ?? '—');
  const choices = setting.enum ?? setting.items?.enum;
  if (choices && choices.length <= 4) return `${type}: ${choices.map((choice) => `\`${String(choice)}\``).join(', ')}`;
  const low = setting.minimum ?? setting.exclusiveMinimum;
  const high = setting.maximum ?? setting.exclusiveMaximum;
  if (low === undefined && high === undefined) return type;
  const range = [
    low === undefined ? '' : `${setting.exclusiveMinimum === undefined ? '≥' : '>'} ${low}`,
    high === undefined ? '' : `${setting.exclusiveMaximum === undefined ? '≤' : '<'} ${high}`,
  ];
  return `${type}, ${range.filter(Boolean).join(', ')}`;
}

function commandsTable(manifest: Manifest): string {
  const menus = manifest.contributes?.menus ?? {};
  const rows = (manifest.contributes?.commands ?? []).map((command) => {
    const shown = Object.entries(menus)
      .filter(([menu, items]) => menu !== 'commandPalette' && items.some((item) => item.command === command.command))
      .map(([menu]) => MENU_NAMES[menu] ?? menu);
    const hidden = (menus['commandPalette'] ?? []).some((item) => item.command === command.command && item.when === 'false');
    const where = [...(hidden ? [] : ['palette']), ...shown].join(', ');
    const title = command.category ? `${command.category}: ${command.title}` : command.title;
    const summary = COMMAND_SUMMARIES[command.command] ?? '';
    return [`**${title}**`, `\`${command.command}\``, where, summary + (command.enablement ? ` (enabled when \`${command.enablement}\`)` : '')];
  });
  return table(['command', 'id', 'where', 'what it does'], rows);
}

function settingsTable(manifest: Manifest, full: boolean): string {
  const rows = settings(manifest).map(([key, setting]) => {
    const description = plainMarkdown(setting.markdownDescription ?? setting.description ?? '');
    const scope = setting.scope ? ` (scope: ${setting.scope})` : '';
    return full
      ? [`\`${key}\``, typeText(setting), defaultText(setting), description + scope]
      : [`\`${key}\``, defaultText(setting), firstSentence(description)];
  });
  return full ? table(['setting', 'type', 'default', 'meaning'], rows) : table(['setting', 'default', 'meaning'], rows);
}

function browserText(codec: CodecDescriptor): string {
  if (codec.browser === undefined) return 'not tried';
  return codec.browser === 'runs' ? 'yes' : 'no';
}

function codecsTable(codecs: readonly CodecDescriptor[], full: boolean): string {
  const rows = codecs.map((codec) => {
    const base = [
      `\`${codec.id}\``,
      codec.label,
      codec.format,
      `\`${codec.library}\``,
      codec.needsSchema ? 'yes' : 'no',
      browserText(codec),
      DEFAULT_CODEC_IDS.includes(codec.id) ? 'yes' : '—',
    ];
    if (!full) return base;
    const tools = codec.tools?.map((tool) => `\`payloadLab.tools.${tool}\``).join(', ') ?? '—';
    const why = codec.browser === undefined || codec.browser === 'runs' ? '—' : codec.browser.unavailable;
    return [...base, tools, why];
  });
  const header = ['id', 'row', 'format', 'library', 'schema', 'browser', 'default'];
  return table(full ? [...header, 'tools', 'why not in a browser'] : header, rows);
}

/** Every generated table by marker name. */
export function renderTables(manifest: Manifest, codecs: readonly CodecDescriptor[] = builtinCodecs): Record<string, string> {
  return {
    commands: commandsTable(manifest),
    settings: settingsTable(manifest, false),
    'settings-full': settingsTable(manifest, true),
    codecs: codecsTable(codecs, false),
    'codecs-full': codecsTable(codecs, true),
  };
}

/** `text` with every marked table replaced by its current version; markers of unknown names are an error. */
export function applyTables(text: string, tables: Record<string, string>, file = 'document'): string {
  return text.replace(/<!-- generated:([\w-]+) -->\n[\s\S]*?<!-- \/generated:\1 -->/g, (_whole, name: string) => {
    const body = tables[name];
    if (body === undefined) throw new Error(`${file}: no table is generated under the name '${name}' (known: ${Object.keys(tables).join(', ')})`);
    return `<!-- generated:${name} -->\n${body}\n<!-- /generated:${name} -->`;
  });
}

/** Each document's text as the generator would write it. */
export function generatedDocuments(root = repoRoot): { file: string; current: string; generated: string }[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;
  const tables = renderTables(manifest);
  return DOCUMENTS.map((file) => {
    const current = fs.readFileSync(path.join(root, file), 'utf8');
    return { file, current, generated: applyTables(current, tables, file) };
  });
}

if (require.main === module) {
  for (const { file, current, generated } of generatedDocuments()) {
    if (generated === current) continue;
    fs.writeFileSync(path.join(repoRoot, file), generated);
    console.log(`docs:tables: ${file} updated`);
  }
}
