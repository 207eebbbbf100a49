// The @vscode/test-electron suite (npm run test:vscode). It downloads VS Code unless
// VSCODE_EXECUTABLE_PATH points at an installed one; machines without internet access use the
// code-server suite (test/e2e) instead.
import { defineConfig } from '@vscode/test-cli';

export default defineConfig({
  files: 'out/test/vscode/**/*.test.js',
  workspaceFolder: './test/fixtures/vscode-workspace',
  ...(process.env.VSCODE_EXECUTABLE_PATH ? { useInstallation: { fromPath: process.env.VSCODE_EXECUTABLE_PATH } } : { version: '1.100.3' }),
  launchArgs: ['--disable-extensions', '--disable-workspace-trust'],
  mocha: { ui: 'bdd', timeout: 180_000 },
});
