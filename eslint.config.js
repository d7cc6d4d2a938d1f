import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Features never import each other, the shell included: what several features share lives in
// app/lib (state, hooks), app/components (markup) or common/, and shared code imports no feature.
const features = readdirSync('app/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const featureZones = [
  ...features.map((name) => ({
    target: `./app/features/${name}`,
    from: './app/features',
    except: [`./${name}`],
    message: 'A feature must not import another feature; move shared code to app/components, app/lib or common/.',
  })),
  ...['./app/lib', './app/components', './app/i18n'].map((target) => ({
    target,
    from: './app/features',
    message: 'Shared app code must not depend on a feature.',
  })),
];

export default tseslint.config(
  { ignores: ['build/', '.react-router/', 'node_modules/', 'test-results/', 'playwright-report/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './common', from: './app', message: 'common/ is imported by both sides and must not depend on the app.' },
            { target: './common', from: './server', message: 'common/ is imported by both sides and must not depend on the server.' },
            { target: './app', from: './server', message: 'The app reaches the server only through loaders\' context and the API.' },
            { target: './server', from: './app', message: 'The server must not import browser code.' },
            ...featureZones,
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**', 'bench/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
