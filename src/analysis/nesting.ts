/**
 * How deep a value nests, counted without recursion: what decides whether a recursive library
 * (or V8's structured clone, when a value crosses to another thread) can take it.
 */

/**
 * Levels of arrays and plain objects' own values in `value` (a scalar is 0, `[]` is 1), or
 * `cap + 1` as soon as the count passes `cap`: an answer to "deeper than cap?" stops early,
 * and a value with cycles cannot make the walk loop.
 */
export function nestingDepth(value: unknown, cap: number): number {
  let deepest = 0;
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== 'object' || ArrayBuffer.isView(current)) continue;
    const level = depth + 1;
    if (level > cap) return cap + 1;
    if (level > deepest) deepest = level;
    const children = Array.isArray(current) ? current : Object.values(current);
    for (const child of children) if (child !== null && typeof child === 'object') stack.push({ value: child, depth: level });
  }
  return deepest;
}
