/**
 * A schema's earlier version from git, through VS Code's built-in Git extension (its API
 * version 1, `extensions/git/src/api/git.d.ts`): the refs worth offering (HEAD first, then
 * branches and tags, then the commits that touched the file), the file's text at the ref
 * picked, and why there is none (no repository, no commit yet, a ref git does not know, a file
 * not in that ref) in words that say what to do. Only the parts of the API used are typed
 * here, so tests drive it with a fake; no vscode import.
 */
import * as path from 'node:path';

export interface GitUri {
  readonly fsPath: string;
  toString(): string;
}

/** `RefType`: 0 a local branch, 1 a remote branch, 2 a tag. */
export interface GitRef {
  readonly type: number;
  readonly name?: string;
  readonly commit?: string;
  readonly remote?: string;
}

export interface GitCommit {
  readonly hash: string;
  readonly message: string;
  readonly commitDate?: Date;
}

/** `Status.UNTRACKED` of the Git extension's API. */
export const GIT_STATUS_UNTRACKED = 7;

export interface GitRepository<U extends GitUri = GitUri> {
  readonly rootUri: U;
  readonly state: {
    readonly HEAD: GitRef | undefined;
    readonly workingTreeChanges: ReadonlyArray<{ readonly uri: U; readonly status: number }>;
    /** Where `git.untrackedChanges` is `separate`. */
    readonly untrackedChanges?: ReadonlyArray<{ readonly uri: U; readonly status: number }>;
  };
  /** The file's text at `ref`; `filePath` is absolute. Rejects when the file is not in the ref. */
  show(ref: string, filePath: string): Promise<string>;
  getCommit(ref: string): Promise<GitCommit>;
  getRefs?(query: { count?: number; sort?: 'alphabetically' | 'committerdate' }): Promise<GitRef[]>;
  log(options?: { maxEntries?: number; path?: string }): Promise<GitCommit[]>;
}

export interface GitApi<U extends GitUri = GitUri> {
  readonly state: 'uninitialized' | 'initialized';
  onDidChangeState(listener: (state: 'uninitialized' | 'initialized') => void): { dispose(): void };
  getRepository(uri: U): GitRepository<U> | null;
  /** A `git:` URI VS Code opens read-only: the file at `ref`. */
  toGitUri(uri: U, ref: string): U;
}

/** Resolves once the API has found the workspace's repositories, or after `timeoutMs` (then the caller looks anyway). */
export function whenInitialized(api: Pick<GitApi, 'state' | 'onDidChangeState'>, timeoutMs: number): Promise<void> {
  if (api.state === 'initialized') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      subscription.dispose();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    const subscription = api.onDidChangeState((state) => {
      if (state === 'initialized') done();
    });
  });
}

export interface RefChoice {
  /** What `show` is given. */
  ref: string;
  label: string;
  description?: string;
  detail?: string;
}

const short = (hash: string | undefined) => hash?.slice(0, 7);
const firstLine = (message: string) => message.split('\n')[0]!.trim();

/**
 * HEAD first; then branches and tags by commit date, and the last commits that changed the
 * file: each commit once (a branch at HEAD's commit would compare the same text).
 */
export async function refChoices(repository: GitRepository, filePath: string, limits = { refs: 15, commits: 10 }): Promise<RefChoice[]> {
  const head = repository.state.HEAD;
  const choices: RefChoice[] = [
    {
      ref: 'HEAD',
      label: 'HEAD',
      description: [head?.name ?? (head?.commit ? 'detached' : undefined), short(head?.commit)].filter(Boolean).join(' · ') || undefined,
    },
  ];
  const seen = new Set(head?.commit ? [head.commit] : []);
  // Either list may fail (a repository without commits): HEAD is still offered, and says why.
  const [refs, commits] = await Promise.all([
    repository.getRefs?.({ sort: 'committerdate', count: limits.refs }).catch(() => []) ?? Promise.resolve([]),
    repository.log({ maxEntries: limits.commits, path: filePath }).catch(() => []),
  ]);
  for (const ref of refs) {
    if (!ref.name || (ref.commit && seen.has(ref.commit))) continue;
    if (ref.commit) seen.add(ref.commit);
    const name = ref.type === 1 && ref.remote && !ref.name.startsWith(`${ref.remote}/`) ? `${ref.remote}/${ref.name}` : ref.name;
    choices.push({
      ref: name,
      label: name,
      description: [['branch', 'remote branch', 'tag'][ref.type] ?? 'ref', short(ref.commit)].filter(Boolean).join(' · '),
    });
  }
  for (const commit of commits) {
    if (seen.has(commit.hash)) continue;
    seen.add(commit.hash);
    choices.push({
      ref: commit.hash,
      label: short(commit.hash)!,
      description: firstLine(commit.message),
      detail: commit.commitDate ? `changed this file · ${commit.commitDate.toISOString().slice(0, 10)}` : 'changed this file',
    });
  }
  return choices;
}

export type GitVersion =
  | { ok: true; text: string; ref: string; commit?: string; relativePath: string }
  | { ok: false; reason: 'no-repository' | 'no-commits' | 'unknown-ref' | 'not-in-ref'; message: string };

/** The repository's own path of the file (`schemas/Items.proto`). */
export function repositoryPath(repository: Pick<GitRepository, 'rootUri'>, filePath: string): string {
  return path.relative(repository.rootUri.fsPath, filePath).split(path.sep).join('/');
}

/** The file's text at `ref`, or why there is none. */
export async function readGitVersion(repository: GitRepository | null, filePath: string, ref: string): Promise<GitVersion> {
  const name = path.basename(filePath);
  if (!repository) return { ok: false, reason: 'no-repository', message: `${name} is not in a git repository that VS Code has open` };
  const relativePath = repositoryPath(repository, filePath);
  let commit: string;
  try {
    commit = (await repository.getCommit(ref)).hash;
  } catch {
    if (ref === 'HEAD' && !repository.state.HEAD?.commit)
      return { ok: false, reason: 'no-commits', message: `the repository of ${name} has no commit yet: there is no HEAD version to compare with` };
    return { ok: false, reason: 'unknown-ref', message: `git does not know the ref '${ref}' in ${repository.rootUri.fsPath}` };
  }
  try {
    return { ok: true, text: await repository.show(ref, filePath), ref, commit: short(commit)!, relativePath };
  } catch {
    const changes = [...repository.state.workingTreeChanges, ...(repository.state.untrackedChanges ?? [])];
    const untracked = changes.some((change) => change.status === GIT_STATUS_UNTRACKED && path.resolve(change.uri.fsPath) === path.resolve(filePath));
    const why = untracked ? 'the file is untracked (never committed)' : 'the file was added, moved or renamed since';
    return { ok: false, reason: 'not-in-ref', message: `${relativePath} is not in ${ref === 'HEAD' ? 'HEAD' : `'${ref}'`} (${short(commit)}): ${why}` };
  }
}

/**
 * Reads the files a version imports at the same ref when they are in the repository (a
 * .proto's imports changed with it); others (include paths outside it) through `fallback`.
 */
export function readAtRef(
  repository: GitRepository,
  ref: string,
  fallback: (filePath: string) => Promise<string | undefined>,
): (filePath: string) => Promise<string | undefined> {
  const root = path.resolve(repository.rootUri.fsPath);
  return async (filePath) => {
    const absolute = path.resolve(filePath);
    if (absolute !== root && !absolute.startsWith(root + path.sep)) return fallback(filePath);
    return repository.show(ref, absolute).catch(() => undefined);
  };
}
