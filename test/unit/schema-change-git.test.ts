/**
 * The earlier version of a schema from git (src/host/git-version.ts) on a real repository the
 * test makes: the repository's side is the `git` CLI behind the part of VS Code's Git extension
 * API the host uses (`show`, `getCommit`, `getRefs`, `log`, the state's HEAD and changes), as
 * that extension runs the same commands. What the user is offered (HEAD first, each commit
 * once), the file at a ref with its imports read at the same ref, and why there is no earlier
 * version (no commit yet, a ref git does not know, a file never committed) in words.
 * The pure choices of the command (which file a menu gave, the types both versions declare) too.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { commonMessageTypes, menuTarget, protoPackageOf } from '../../src/commands/schema-change-choices';
import {
  GIT_STATUS_UNTRACKED,
  type GitRef,
  type GitRepository,
  readAtRef,
  readGitVersion,
  refChoices,
  repositoryPath,
  whenInitialized,
} from '../../src/host/git-version';

interface FileUri {
  fsPath: string;
  toString(): string;
}

const uri = (fsPath: string): FileUri => ({ fsPath, toString: () => `file://${fsPath}` });

function git(root: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'init.defaultBranch=main', ...args], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
}

/** A repository as the Git extension's API shows it, answered by git itself. */
function cliRepository(root: string): GitRepository<FileUri> {
  const head = (): GitRef | undefined => {
    let commit: string | undefined;
    try {
      commit = git(root, 'rev-parse', '--verify', '-q', 'HEAD').trim();
    } catch {
      commit = undefined;
    }
    const name = git(root, 'symbolic-ref', '-q', '--short', 'HEAD').trim();
    return { type: 0, name, ...(commit ? { commit } : {}) };
  };
  return {
    rootUri: uri(root),
    get state() {
      const changes = git(root, 'status', '--porcelain')
        .split('\n')
        .filter(Boolean)
        .map((line) => ({
          uri: uri(path.join(root, line.slice(3))),
          status: line.startsWith('??') ? GIT_STATUS_UNTRACKED : 5,
        }));
      return { HEAD: head(), workingTreeChanges: changes };
    },
    show: async (ref, filePath) => git(root, 'show', `${ref}:${path.relative(root, filePath).split(path.sep).join('/')}`),
    getCommit: async (ref) => {
      const [hash, ...message] = git(root, 'log', '-1', '--format=%H%n%B', ref, '--').split('\n');
      return { hash: hash!, message: message.join('\n') };
    },
    getRefs: async ({ count }) =>
      git(root, 'for-each-ref', '--sort=-committerdate', `--count=${count ?? 100}`, '--format=%(refname)%09%(objectname)', 'refs/heads', 'refs/tags')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [refName, commit] = line.split('\t');
          const tag = refName!.startsWith('refs/tags/');
          return { type: tag ? 2 : 0, name: refName!.replace(/^refs\/(heads|tags)\//, ''), commit: commit! };
        }),
    log: async ({ maxEntries, path: filePath } = {}) =>
      git(root, 'log', `--max-count=${maxEntries ?? 32}`, '--format=%H%x09%cI%x09%s', '--', ...(filePath ? [filePath] : []))
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [hash, date, message] = line.split('\t');
          return { hash: hash!, message: message!, commitDate: new Date(date!) };
        }),
  };
}

function makeRepository(t: { after(fn: () => void): void }): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-git-')));
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  git(root, 'init', '-q');
  return root;
}

const ITEMS_V1 = 'syntax = "proto3";\nimport "common.proto";\nmessage Item { int32 x = 1; }\n';
const COMMON_V1 = 'syntax = "proto3";\nmessage Common { string id = 1; }\n';

test('HEAD is offered first, then branches and tags, then the commits that changed the file, each commit once', async (t) => {
  const root = makeRepository(t);
  const file = path.join(root, 'schemas', 'Items.proto');
  fs.mkdirSync(path.dirname(file));
  fs.writeFileSync(file, ITEMS_V1);
  git(root, 'add', '.');
  git(root, 'commit', '-q', '-m', 'Items: x');
  git(root, 'tag', 'v1');
  fs.writeFileSync(file, ITEMS_V1.replace('int32 x = 1;', 'int32 x = 1; double y = 2;'));
  git(root, 'commit', '-q', '-am', 'Items: y');
  const [first, second] = git(root, 'log', '--format=%H').trim().split('\n').reverse();
  const choices = await refChoices(cliRepository(root), file);
  assert.deepEqual(
    choices.map((choice) => choice.label),
    ['HEAD', 'v1'],
  );
  assert.equal(choices[0]!.description, `main · ${second!.slice(0, 7)}`);
  assert.equal(choices[1]!.description, `tag · ${first!.slice(0, 7)}`);
  // The branch `main` points at HEAD's commit and the commits are the tag's and HEAD's: none is offered twice.
  fs.writeFileSync(path.join(root, 'other.txt'), 'x');
  git(root, 'add', '.');
  git(root, 'commit', '-q', '-m', 'unrelated');
  const later = await refChoices(cliRepository(root), file);
  assert.deepEqual(
    later.map((choice) => choice.label),
    ['HEAD', 'v1', second!.slice(0, 7)],
  );
  assert.equal(later[2]!.description, 'Items: y');
  assert.match(later[2]!.detail ?? '', /^changed this file · \d{4}-\d{2}-\d{2}$/);
});

test('the file at a ref, its commit, and the files it imports read at the same ref', async (t) => {
  const root = makeRepository(t);
  const file = path.join(root, 'Items.proto');
  const common = path.join(root, 'common.proto');
  fs.writeFileSync(file, ITEMS_V1);
  fs.writeFileSync(common, COMMON_V1);
  git(root, 'add', '.');
  git(root, 'commit', '-q', '-m', 'first');
  // The working tree moves on: the import changes too, and is not saved in git.
  fs.writeFileSync(common, COMMON_V1.replace('string id = 1;', 'bytes id = 1;'));
  const repository = cliRepository(root);
  const found = await readGitVersion(repository, file, 'HEAD');
  assert.ok(found.ok);
  assert.equal(found.text, ITEMS_V1);
  assert.equal(found.relativePath, 'Items.proto');
  assert.equal(found.commit, git(root, 'rev-parse', '--short=7', 'HEAD').trim());
  const outside = path.join(os.tmpdir(), 'payload-lab-include', 'google.proto');
  const read = readAtRef(repository, 'HEAD', async (filePath) => `read from disk: ${filePath}`);
  assert.equal(await read(common), COMMON_V1, "the import as it was at HEAD, not the working tree's");
  assert.equal(await read(path.join(root, 'missing.proto')), undefined);
  assert.equal(await read(outside), `read from disk: ${outside}`, 'an include path outside the repository is read as it is');
  assert.equal(repositoryPath(repository, path.join(root, 'a', 'b.proto')), 'a/b.proto');
});

test('no earlier version says why: no commit yet, a ref git does not know, a file never committed, no repository', async (t) => {
  const root = makeRepository(t);
  const file = path.join(root, 'Items.proto');
  fs.writeFileSync(file, ITEMS_V1);
  const repository = cliRepository(root);
  const empty = await readGitVersion(repository, file, 'HEAD');
  assert.deepEqual(empty, {
    ok: false,
    reason: 'no-commits',
    message: 'the repository of Items.proto has no commit yet: there is no HEAD version to compare with',
  });
  fs.writeFileSync(path.join(root, 'README'), 'x');
  git(root, 'add', 'README');
  git(root, 'commit', '-q', '-m', 'readme');
  const untracked = await readGitVersion(repository, file, 'HEAD');
  assert.equal(untracked.ok, false);
  assert.match(!untracked.ok ? untracked.message : '', /^Items\.proto is not in HEAD \([0-9a-f]{7}\): the file is untracked \(never committed\)$/);
  const unknown = await readGitVersion(repository, file, 'no-such-branch');
  assert.deepEqual(unknown, { ok: false, reason: 'unknown-ref', message: `git does not know the ref 'no-such-branch' in ${root}` });
  assert.equal((await readGitVersion(null, file, 'HEAD')).ok, false);
  // A repository without commits still offers HEAD (which then says why).
  const fresh = makeRepository(t);
  assert.deepEqual(
    (await refChoices(cliRepository(fresh), path.join(fresh, 'Items.proto'))).map((choice) => choice.ref),
    ['HEAD'],
  );
});

test('whenInitialized waits for the API to find the repositories, or gives up after its timeout', async () => {
  let listener: ((state: 'uninitialized' | 'initialized') => void) | undefined;
  let disposed = 0;
  const api = {
    state: 'uninitialized' as 'uninitialized' | 'initialized',
    onDidChangeState: (next: typeof listener) => ((listener = next), { dispose: () => void disposed++ }),
  };
  const waiting = whenInitialized(api, 60_000);
  listener!('uninitialized');
  listener!('initialized');
  await waiting;
  assert.equal(disposed, 1);
  await whenInitialized({ ...api, onDidChangeState: () => ({ dispose: () => undefined }) }, 1);
  await whenInitialized({ state: 'initialized', onDidChangeState: () => assert.fail('an initialized API is not watched') }, 1);
});

test("menuTarget takes the Explorer's or the editor's URI, or the SCM view's resource state (the first of several)", () => {
  const isUri = (value: unknown): value is FileUri => typeof value === 'object' && value !== null && 'fsPath' in value;
  const a = uri('/w/a.proto');
  const b = uri('/w/b.proto');
  assert.equal(menuTarget(a, isUri), a);
  assert.equal(menuTarget({ resourceUri: a, decorations: {} }, isUri), a);
  assert.equal(menuTarget([{ resourceUri: b }, { resourceUri: a }], isUri), b);
  assert.equal(menuTarget(undefined, isUri), undefined);
  assert.equal(menuTarget({ resourceUri: 'not a uri' }, isUri), undefined);
});

test("commonMessageTypes pairs the types by name without their package, the newer version's default first", () => {
  assert.equal(protoPackageOf('syntax = "proto3";\npackage shop.v2;\nmessage A {}'), 'shop.v2');
  assert.equal(protoPackageOf('message A {}'), '');
  const older = { messageTypes: ['shop.v1.Item', 'shop.v1.Items', 'shop.v1.Gone'], packageName: 'shop.v1' };
  const newer = { messageTypes: ['shop.v2.Item', 'shop.v2.Items', 'shop.v2.Added'], defaultType: 'shop.v2.Items', packageName: 'shop.v2' };
  assert.deepEqual(commonMessageTypes(newer, older), [
    { typeName: 'Items', isDefault: true },
    { typeName: 'Item', isDefault: false },
  ]);
  assert.deepEqual(commonMessageTypes({ messageTypes: ['Renamed'], packageName: '' }, { messageTypes: ['Item'], packageName: '' }), []);
});
