/**
 * Items listed in a sentence, the one way every note and message lists them: the first few, then
 * how many more there were ("$.a, $.b, $.c, $.d, $.e and 7 more"). `count` is how many there
 * were in all when `items` holds only the first of them (a note keeps the first 20 paths).
 */
export function listText(items: readonly string[], count = items.length, shown = 5): string {
  const more = count - Math.min(shown, items.length);
  return items.slice(0, shown).join(', ') + (more > 0 ? ` and ${more.toLocaleString('en-US')} more` : '');
}
