/**
 * Generated TypeScript (ts-proto, protobuf-ts, bebopc…) to CommonJS JavaScript, with sucrase:
 * it strips types and rewrites imports, nothing else, which is all generated code needs.
 * Chosen because it ships inside the extension and runs in the user's VS Code: sucrase is pure
 * JavaScript (680 KB bundled, the same on every platform); TypeScript's transpileModule bundles
 * to 9.9 MB; esbuild is an 11 MB native binary per platform. Runs only on a cache miss, and
 * loads only then (it is imported lazily).
 */
import * as path from 'node:path';

/**
 * Generated code that is not TypeScript sucrase can read (a schema's text broke out of a comment
 * in it, a generator's bug): the row is an error at prepare that says so, never a crash.
 */
export class GeneratedCodeError extends Error {
  override name = 'GeneratedCodeError';
}

/** `code` as CommonJS JavaScript; `file` names it in errors. */
export async function transpileTypeScript(code: string, file: string): Promise<string> {
  const { transform } = await import('sucrase');
  try {
    return transform(code, { transforms: ['typescript', 'imports'], filePath: file }).code;
  } catch (error) {
    // sucrase says "Error transforming <temporary path>: Unexpected token (29:22)": the position is what helps.
    const reason = error instanceof Error ? error.message.replace(/^Error transforming [^:]*: /, '') : String(error);
    throw new GeneratedCodeError(`the generated ${path.basename(file)} is not TypeScript that can be compiled (${reason}); nothing of it is run`);
  }
}
