/** Text from libraries and the user's data, made safe for a Markdown table cell; a path's last part. Pure. */

/**
 * Codec labels, messages and paths come from libraries and the user's data: escape what would
 * end a cell (`|`, line breaks) or be read as markup (HTML, emphasis, links, code).
 */
export function markdownText(text: string): string {
  return text.replace(/[\\`*_[\]<>|]/g, (char) => `\\${char}`).replace(/\r\n|\r|\n/g, ' ');
}

export const fileName = (location: string) => location.split(/[\\/]/).filter(Boolean).pop() ?? location;
