/**
 * The tables of commands, settings and codecs in the README and the manual are generated from
 * package.json and the codec registry (scripts/docs-tables.ts); a document holding an older
 * table fails here, in memory and in milliseconds, with the command that rewrites it; so does a
 * relative link that names no file or heading (sections move between pages).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyTables, DOCUMENTS, firstSentence, generatedDocuments, renderTables, repoRoot } from '../../scripts/docs-tables';
import { brokenLinks, headingAnchor } from '../../scripts/docs-links';

test('every generated table in the README and docs/ is what npm run docs:tables writes now', () => {
  for (const { file, current, generated } of generatedDocuments()) {
    assert.ok(current.includes('<!-- generated:'), `${file} holds generated tables`);
    assert.equal(current, generated, `${file} has a stale generated table: run npm run docs:tables`);
  }
});

test('the README holds the commands, settings and codecs tables', () => {
  const readme = generatedDocuments().find((document) => document.file === 'README.md')!;
  for (const name of ['commands', 'settings', 'codecs']) {
    assert.ok(readme.current.includes(`<!-- generated:${name} -->`) && readme.current.includes(`<!-- /generated:${name} -->`), name);
  }
  assert.deepEqual(DOCUMENTS[0], 'README.md');
});

test('a setting or command added to package.json appears in the tables, in declaration order', () => {
  const manifest = {
    contributes: {
      commands: [
        { command: 'payloadLab.b', title: 'Bee', category: 'Payload Lab' },
        { command: 'payloadLab.a', title: 'Ay' },
      ],
      menus: { 'editor/title': [{ command: 'payloadLab.a' }], commandPalette: [{ command: 'payloadLab.b', when: 'false' }] },
      configuration: {
        properties: {
          'payloadLab.z': { type: 'string', default: 'x|y', markdownDescription: 'First. See `#payloadLab.a#`.' },
          'payloadLab.y': { type: 'boolean', default: false },
        },
      },
    },
  };
  const tables = renderTables(manifest, []);
  const commandRows = tables['commands']!.split('\n').slice(2);
  assert.match(commandRows[0]!, /^\| \*\*Payload Lab: Bee\*\* \| `payloadLab.b` \|  \|/, 'hidden from the palette, in no menu');
  assert.match(commandRows[1]!, /^\| \*\*Ay\*\* \| `payloadLab.a` \| palette, editor title bar \|/);
  const settingRows = tables['settings']!.split('\n').slice(2);
  assert.deepEqual(settingRows, ['| `payloadLab.z` | `"x\\|y"` | First. |', '| `payloadLab.y` | `false` |  |']);
  assert.match(tables['settings-full']!, /See `payloadLab.a`\./, 'a settings link becomes code');
  // The same inputs give the same bytes.
  assert.equal(JSON.stringify(renderTables(manifest, [])), JSON.stringify(tables));
});

test('a marker of no known table is an error naming the file; text outside markers is kept', () => {
  assert.throws(
    () => applyTables('<!-- generated:nope -->\nx\n<!-- /generated:nope -->', { a: 'A' }, 'X.md'),
    /X\.md: no table is generated under the name 'nope'/,
  );
  assert.equal(
    applyTables('before\n<!-- generated:a -->\nold\n<!-- /generated:a -->\nafter', { a: 'new' }),
    'before\n<!-- generated:a -->\nnew\n<!-- /generated:a -->\nafter',
  );
});

test('the first sentence stops at a full stop before a capital or code, not inside "e.g."', () => {
  assert.equal(firstSentence('Path of `protoc`. The Protocol Buffers compiler.'), 'Path of `protoc`.');
  assert.equal(firstSentence('A value, e.g. this one. Then more.'), 'A value, e.g. this one.');
  assert.equal(firstSentence('No stop at all'), 'No stop at all');
});

test('every relative link of the README, CONTRIBUTING and docs/ names a file and, with #, a heading of it', () => {
  assert.deepEqual(brokenLinks(repoRoot), []);
});

test("a heading's anchor is GitHub's: lower case, punctuation dropped, spaces as hyphens", () => {
  assert.equal(headingAnchor('Remnants (`--remnants`)'), 'remnants---remnants');
  assert.equal(headingAnchor("Generated code: FlatBuffers, Cap'n Proto, Bebop"), 'generated-code-flatbuffers-capn-proto-bebop');
});
