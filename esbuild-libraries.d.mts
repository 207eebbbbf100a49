// Types of esbuild-libraries.mjs, for the test that checks the versions the build bakes in.
export function libraryVersions(root?: string): Promise<Record<string, string>>;
