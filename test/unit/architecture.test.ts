/**
 * The house's rules over the import graph of src/ and webview/ (type-only imports included, since
 * they tie layers as much as values do): no cycle among files, no import against the layer order
 * docs/architecture.md documents, the page importing only what runs in a browser, every bundle entry
 * listed in the bundle table, and no type erased by a double cast outside the codec adapters.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { BUNDLES } from '../../src/shared/bundles';
import { repoRoot } from '../support/paths';

/** src/'s folders from the bottom up: each may import only itself and the folders before it. */
export const LAYERS = [
  'shared',
  'input',
  'analysis',
  'measurement',
  'processes',
  'schema',
  'codegen',
  'codecs',
  'compression',
  'attribution',
  'report',
  'inspect',
  'worker',
  'engine',
  'evolution',
  'browser',
  'probes',
  'payload-limits',
  'cli',
  'panel',
  'host',
  'commands',
  'entries',
] as const;

/** What the page (webview/) may import from src/: plain data and pure functions that run in a browser. */
const PAGE_MAY_IMPORT = ['shared', 'report', 'analysis'];

interface Edge {
  from: string;
  to: string;
}

function sourceFiles(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) found.push(path.relative(repoRoot, full));
    }
  };
  walk(path.join(repoRoot, folder));
  return found;
}

/** Every relative import, export-from, dynamic import and require of a file, resolved to a file. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(repoRoot, file), 'utf8');
  const specs = [
    ...text.matchAll(/^\s*(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]/gms),
    ...text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1]!);
  return specs
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => {
      const base = path.normalize(path.join(path.dirname(file), spec));
      const candidates = [base, `${base}.ts`, path.join(base, 'index.ts')];
      const found = candidates.find((candidate) => fs.existsSync(path.join(repoRoot, candidate)) && fs.statSync(path.join(repoRoot, candidate)).isFile());
      assert.ok(found, `${file} imports ${spec}, which is not a file`);
      return found;
    });
}

const files = [...sourceFiles('src'), ...sourceFiles('webview')];
const edges: Edge[] = files.flatMap((from) =>
  importsOf(from)
    .filter((to) => to.endsWith('.ts'))
    .map((to) => ({ from, to })),
);

/** The src/ folder of a file ('entries' for src/entries/x.ts), or 'webview'. */
function folderOf(file: string): string {
  const parts = file.split(path.sep);
  if (parts[0] === 'webview') return 'webview';
  return parts.length > 2 ? parts[1]! : '(src root)';
}

test('every folder of src/ has its place in the layer order', () => {
  const folders = new Set(files.filter((file) => file.startsWith(`src${path.sep}`)).map(folderOf));
  const unplaced = [...folders].filter((folder) => !(LAYERS as readonly string[]).includes(folder));
  assert.deepEqual(unplaced, [], 'add these folders to LAYERS (and to docs/architecture.md)');
});

test('no import goes up the layer order', () => {
  const rank = (folder: string) => (LAYERS as readonly string[]).indexOf(folder);
  const upward = edges
    .filter((edge) => folderOf(edge.from) !== 'webview' && folderOf(edge.to) !== 'webview')
    .filter((edge) => rank(folderOf(edge.to)) > rank(folderOf(edge.from)))
    .map((edge) => `${edge.from} → ${edge.to}`);
  assert.deepEqual(upward, []);
});

test('the page imports only webview/ and what runs in a browser', () => {
  const wrong = edges
    .filter((edge) => folderOf(edge.from) === 'webview' && folderOf(edge.to) !== 'webview' && !PAGE_MAY_IMPORT.includes(folderOf(edge.to)))
    .map((edge) => `${edge.from} → ${edge.to}`);
  assert.deepEqual(wrong, []);
  const intoPage = edges.filter((edge) => folderOf(edge.from) !== 'webview' && folderOf(edge.to) === 'webview').map((edge) => `${edge.from} → ${edge.to}`);
  assert.deepEqual(intoPage, [], 'src/ never imports the page');
});

test('no import cycle among files', () => {
  // Tarjan's strongly connected components over the file graph.
  const next = new Map<string, string[]>();
  for (const edge of edges) next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file)!, index.get(to)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  assert.deepEqual(cycles, []);
});

test('every entry point is a bundle of the table, and every bundle entry exists', () => {
  const entries = [...sourceFiles(path.join('src', 'entries')), ...sourceFiles(path.join('webview', 'entries'))].map((file) => file.split(path.sep).join('/'));
  const listed = BUNDLES.map((bundle) => bundle.entry);
  assert.deepEqual(
    entries.filter((entry) => !listed.includes(entry)),
    [],
    'entries missing from src/shared/bundles.json',
  );
  assert.deepEqual(
    listed.filter((entry) => !fs.existsSync(path.join(repoRoot, entry))),
    [],
    'bundle entries that do not exist',
  );
  const outs = BUNDLES.map((bundle) => bundle.out);
  assert.equal(new Set(outs).size, outs.length, 'two bundles write the same file');
});

test('no type is erased by a double cast outside the codec adapters', () => {
  const offenders = files
    .filter((file) => !file.startsWith(path.join('src', 'codecs') + path.sep))
    .filter((file) => /\bas unknown as\b/.test(fs.readFileSync(path.join(repoRoot, file), 'utf8')));
  assert.deepEqual(offenders, []);
});
