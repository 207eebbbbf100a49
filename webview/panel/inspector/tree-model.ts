/**
 * The inspector tree's state as plain data: which rows are open and which pages of children
 * have arrived. `rows()` flattens it into the rows a virtualised list draws. Big containers are
 * split into ranges of 100, 10,000, … (as browser devtools do), so opening an array of a
 * million items adds a hundred rows, not a million, and only the pages someone opens are asked
 * for. No DOM here.
 */
import type { PathStep, TreeNode } from '../../../src/shared/inspector';

/** Children per page asked of the host, and per leaf range. */
export const CHUNK = 100;

export type TreeRow =
  | { kind: 'node'; key: string; depth: number; node: TreeNode; expanded: boolean }
  | { kind: 'range'; key: string; depth: number; parentKey: string; start: number; end: number; expanded: boolean }
  /** A page of children not yet here: drawing it asks for it. */
  | { kind: 'loading'; key: string; depth: number; parent: TreeNode; chunk: number };

export const nodeKey = (steps: readonly PathStep[]) => JSON.stringify(steps);
const rangeKey = (parentKey: string, start: number, end: number) => `${parentKey}#${start}-${end}`;

/** The span of each range under a container of `size` children: the smallest 100^k giving ≤ 100 ranges. */
export function rangeSpan(size: number): number {
  let span = CHUNK;
  while (size / span > CHUNK) span *= CHUNK;
  return span;
}

export class TreeModel {
  private readonly expanded = new Set<string>();
  /** Children by parent key, sparse: filled a chunk at a time. */
  private readonly children = new Map<string, TreeNode[]>();
  private readonly requested = new Set<string>();

  constructor(readonly root: TreeNode) {
    this.expanded.add(nodeKey(root.steps));
  }

  isExpanded(key: string): boolean {
    return this.expanded.has(key);
  }

  setExpanded(key: string, open: boolean): void {
    if (open) this.expanded.add(key);
    else this.expanded.delete(key);
  }

  hasChunk(parentKey: string, chunk: number): boolean {
    return this.children.get(parentKey)?.[chunk * CHUNK] !== undefined;
  }

  /** Marks a chunk as asked for; false if it already was (ask once). */
  markRequested(parentKey: string, chunk: number): boolean {
    const key = `${parentKey}@${chunk}`;
    if (this.requested.has(key)) return false;
    this.requested.add(key);
    return true;
  }

  addChildren(parentKey: string, offset: number, nodes: readonly TreeNode[]): void {
    let list = this.children.get(parentKey);
    if (!list) this.children.set(parentKey, (list = []));
    nodes.forEach((node, i) => {
      list[offset + i] = node;
    });
  }

  child(parentKey: string, index: number): TreeNode | undefined {
    return this.children.get(parentKey)?.[index];
  }

  /** The ranges (outermost first) that must be open for child `index` of a `size`-child node to show. */
  rangesTo(parentKey: string, size: number, index: number): string[] {
    const keys: string[] = [];
    let start = 0;
    let end = size;
    while (end - start > CHUNK) {
      const span = rangeSpan(end - start);
      const rangeStart = start + Math.floor((index - start) / span) * span;
      const rangeEnd = Math.min(rangeStart + span, end);
      keys.push(rangeKey(parentKey, rangeStart, rangeEnd));
      start = rangeStart;
      end = rangeEnd;
    }
    return keys;
  }

  rows(): TreeRow[] {
    const rows: TreeRow[] = [];
    type Task =
      | { kind: 'node'; node: TreeNode; depth: number }
      | { kind: 'range'; parent: TreeNode; parentKey: string; start: number; end: number; depth: number }
      | { kind: 'children'; parent: TreeNode; parentKey: string; start: number; end: number; depth: number };
    // An explicit stack: a sample nested 10,000 deep can be opened all the way down.
    const stack: Task[] = [{ kind: 'node', node: this.root, depth: 0 }];
    const pushInOrder = (tasks: Task[]) => {
      for (let i = tasks.length - 1; i >= 0; i--) stack.push(tasks[i]!);
    };
    while (stack.length > 0) {
      const task = stack.pop()!;
      if (task.kind === 'node') {
        const key = nodeKey(task.node.steps);
        const expanded = task.node.childCount > 0 && this.expanded.has(key);
        rows.push({ kind: 'node', key, depth: task.depth, node: task.node, expanded });
        if (expanded) stack.push({ kind: 'children', parent: task.node, parentKey: key, start: 0, end: task.node.childCount, depth: task.depth + 1 });
      } else if (task.kind === 'range') {
        const key = rangeKey(task.parentKey, task.start, task.end);
        const expanded = this.expanded.has(key);
        rows.push({ kind: 'range', key, depth: task.depth, parentKey: task.parentKey, start: task.start, end: task.end, expanded });
        if (expanded) stack.push({ ...task, kind: 'children', depth: task.depth + 1 });
      } else if (task.end - task.start <= CHUNK) {
        const chunk = Math.floor(task.start / CHUNK);
        if (!this.hasChunk(task.parentKey, chunk)) {
          rows.push({ kind: 'loading', key: `${task.parentKey}@${chunk}`, depth: task.depth, parent: task.parent, chunk });
          continue;
        }
        const tasks: Task[] = [];
        for (let i = task.start; i < task.end; i++) {
          const node = this.child(task.parentKey, i);
          if (node) tasks.push({ kind: 'node', node, depth: task.depth });
        }
        pushInOrder(tasks);
      } else {
        const span = rangeSpan(task.end - task.start);
        const tasks: Task[] = [];
        for (let start = task.start; start < task.end; start += span) {
          tasks.push({ kind: 'range', parent: task.parent, parentKey: task.parentKey, start, end: Math.min(start + span, task.end), depth: task.depth });
        }
        pushInOrder(tasks);
      }
    }
    return rows;
  }
}
