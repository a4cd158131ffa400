import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const tauriMessage = 'Components never call Tauri directly: go through src/lib/tauri-bridge.';

const tauriOnlyInBridge = { group: ['@tauri-apps/*'], message: tauriMessage };

// Every call to the API has one home, features/<area>/api/ (app-wide ones in src/lib), so a reader finds
// a page's data calls and their query keys in one place. ApiError and the helpers stay importable.
const apiClientOnlyInApiFolders = {
  name: '@/lib/api',
  importNames: ['api'],
  message: 'Data calls live in features/<area>/api/: import their query options instead.',
};

// The bridge reaches Tauri through the object the webview injects, not @tauri-apps/api, so the
// import rule alone would not keep callers out.
const tauriInternalsOnlyInBridge = {
  object: 'window',
  property: '__TAURI_INTERNALS__',
  message: tauriMessage,
};

export default tseslint.config(
  { ignores: ['dist', 'coverage', 'src/generated', 'postcss.config.cjs'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.strict, ...tseslint.configs.stylistic],
    languageOptions: {
      ecmaVersion: 2022,
      globals: globals.browser,
    },
    plugins: {
      'react-hooks': reactHooks,
      'react-refresh': reactRefresh,
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        { patterns: [tauriOnlyInBridge], paths: [apiClientOnlyInApiFolders] },
      ],
      'no-restricted-properties': ['error', tauriInternalsOnlyInBridge],
    },
  },
  {
    files: ['src/test/**', '**/*.test.{ts,tsx}'],
    rules: { 'react-refresh/only-export-components': 'off' },
  },
  {
    files: ['src/features/*/api/**', 'src/lib/**', 'src/test/**', '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [tauriOnlyInBridge] }] },
  },
  {
    // Test doubles stand in for the webview's IPC object, so they may set it.
    files: ['src/test/**', '**/testing/**', '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['src/lib/tauri-bridge.ts', 'src/lib/tauri-bridge.test.ts'],
    rules: { 'no-restricted-imports': 'off', 'no-restricted-properties': 'off' },
  },
  {
    files: ['vite.config.ts', 'eslint.config.js'],
    languageOptions: { globals: globals.node },
  },
);
