/**
 * Relative links of the README, CONTRIBUTING and the manual (docs/): each must name a file of the
 * repository and, with `#anchor`, a heading of that file, as GitHub makes anchors from headings.
 * Moving a section between pages is where links break; `test/unit/docs-tables.test.ts` runs this.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  let fence = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fence = !fence;
    const match = !fence && /^#{1,6} (.*)$/.exec(line);
    if (!match) continue;
    const base = headingAnchor(match[1]!.trim());
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count === 0 ? base : `${base}-${count}`);
  }
  return found;
}

export function markdownFiles(root: string): string[] {
  const docs: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.md')) docs.push(file);
    }
  };
  walk('docs');
  return ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', ...docs.sort()].filter((file) => fs.existsSync(path.join(root, file)));
}

/** Every broken relative link, as `file: target (why)`. */
export function brokenLinks(root: string): string[] {
  const broken: string[] = [];
  for (const file of markdownFiles(root)) {
    const text = fs
      .readFileSync(path.join(root, file), 'utf8')
      .replace(/```[\s\S]*?```/g, '')
      .replace(/`[^`\n]*`/g, '``');
    for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1]!;
      if (/^[a-z]+:/i.test(target)) continue;
      const [pathPart, anchor] = target.split('#') as [string, string | undefined];
      const resolved = pathPart === '' ? file : path.join(path.dirname(file), pathPart);
      const full = path.join(root, resolved);
      if (!fs.existsSync(full)) {
        broken.push(`${file}: ${target} (no file ${resolved})`);
        continue;
      }
      if (anchor !== undefined && resolved.endsWith('.md') && !anchors(fs.readFileSync(full, 'utf8')).has(anchor)) {
        broken.push(`${file}: ${target} (no heading #${anchor} in ${resolved})`);
      }
    }
  }
  return broken;
}

if (require.main === module) {
  const broken = brokenLinks(path.resolve(__dirname, '..'));
  for (const line of broken) console.error(line);
  process.exitCode = broken.length === 0 ? 0 : 1;
}
