// ESLint for bugs, Prettier for layout (eslint-config-prettier turns off every rule that would
// fight it). Type-aware rules from typescript-eslint were measured on the whole tree and kept
// where their findings are bugs: promises nobody awaits or catches, promises passed where a
// callback's result is ignored, values stringified as "[object Object]", and `any` flowing out
// of a library into the product's code. Rules whose findings here were intended code or taste
// (partial switches, Promise-returning executors of timers, enum comparisons with wire numbers,
// unsafe `any` in tests that read a page's state) are left off; CONTRIBUTING.md says how to run it.
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

/** Rules that need no types: each catches a mistake, none is about taste. */
const plainRules = {
  'no-async-promise-executor': 'error',
  'no-cond-assign': ['error', 'except-parens'],
  'no-constant-binary-expression': 'error',
  'no-constant-condition': ['error', { checkLoops: false }],
  'no-empty': ['error', { allowEmptyCatch: false }],
  'no-fallthrough': 'error',
  'no-self-compare': 'error',
  'no-template-curly-in-string': 'error',
  'no-unreachable-loop': 'error',
  'no-unsafe-finally': 'error',
  'no-useless-catch': 'error',
  eqeqeq: ['error', 'smart'],
};

export default tseslint.config(
  {
    ignores: ['dist/**', 'out/**', 'node_modules/**', '.vscode-test/**', 'test/fixtures/**', 'test/output/**'],
  },
  {
    files: ['**/*.ts', '**/*.mts'],
    extends: [tseslint.configs.base],
    languageOptions: {
      parserOptions: {
        // Node code (src, tests, scripts) and the page (webview, with the DOM) type-check apart.
        project: ['./tsconfig.json', './tsconfig.webview.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    // Comments that disable rules this config leaves off (no-require-imports…) are not reported.
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    rules: {
      ...plainRules,
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-floating-promises': [
        'error',
        // node:test's test() and describe() return promises the runner itself awaits.
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-base-to-string': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true, allowNullish: true }],
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
      '@typescript-eslint/no-non-null-asserted-optional-chain': 'error',
      '@typescript-eslint/no-deprecated': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Library edges: an `any` from a library's types reaching product code unchecked is how a
    // wrong figure gets printed. Tests read pages and JSON documents as `any` on purpose.
    files: ['src/**/*.ts', 'webview/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'error',
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
    },
  },
  {
    // Build scripts and small Node or browser programs outside the type-checked projects.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    rules: plainRules,
  },
  prettier,
);
