/**
 * Generated TypeScript (ts-proto, protobuf-ts, bebopc…) to CommonJS JavaScript, with sucrase:
 * it strips types and rewrites imports, nothing else, which is all generated code needs.
 * Chosen because it ships inside the extension and runs in the user's VS Code: sucrase is pure
 * JavaScript (680 KB bundled, the same on every platform); TypeScript's transpileModule bundles
 * to 9.9 MB; esbuild is an 11 MB native binary per platform. Runs only on a cache miss, and
 * loads only then (it is imported lazily).
 */

/** `code` as CommonJS JavaScript; `file` names it in errors. */
export async function transpileTypeScript(code: string, file: string): Promise<string> {
  const { transform } = await import('sucrase');
  return transform(code, { transforms: ['typescript', 'imports'], filePath: file }).code;
}
