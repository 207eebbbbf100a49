// Bundles the VS Code API tests for the extension host (mocha is provided by the runner).
import * as esbuild from 'esbuild';
import { readdirSync } from 'node:fs';

const tests = readdirSync('test/vscode').filter((name) => name.endsWith('.test.ts'));
await esbuild.build({
  entryPoints: tests.map((name) => `test/vscode/${name}`),
  outdir: 'out/test/vscode',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['vscode', 'mocha'],
  logLevel: 'warning',
});
