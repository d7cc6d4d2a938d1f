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

// Server domains in layers (decision 0016): a domain imports only domains of the layers before
// its own, never one beside or above it, so the base domains stay free of what is built on them.
const serverLayers = [
  ['geoip', 'reference', 'credits', 'member-events', 'visits', 'complaints'], // foundations: no other domain
  ['sites', 'members', 'photos', 'offers'], // base domains
  ['installed-app'], // the site's manifest, icons, offline page and service worker
  ['likes', 'search', 'payments'],
  ['chat', 'geocode', 'direct-debit'],
  ['current-user'], // the logged-in member's object, summed up from the domains below
  ['auth', 'profile', 'profile-view'],
  ['settings', 'signup', 'account-deletion'],
  ['notifications'], // pushes and mails about what the domains below did
];
const serverDomains = readdirSync('server/domain', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const unplaced = serverDomains.filter((name) => !serverLayers.flat().includes(name));
if (unplaced.length) throw new Error(`eslint.config.js: place server/domain/${unplaced.join(', ')} in serverLayers`);
const serverDomainZones = serverLayers.flatMap((layer, i) =>
  layer.map((name) => ({
    target: `./server/domain/${name}/**/!(*.test).ts`,
    from: serverLayers
      .slice(i)
      .flat()
      .filter((other) => other !== name)
      .map((other) => `./server/domain/${other}`),
    message: `server/domain/${name} (layer ${i}) imports only domains of the layers before it (serverLayers in eslint.config.js).`,
  })),
).filter((zone) => zone.from.length > 0);
const serverZones = [
  ...serverDomainZones,
  {
    target: './server/domain/**/!(*.test).ts',
    from: ['./server/realtime', './server/jobs', './server/plugins', './server/ssr', './server/app.ts', './server/main.ts'],
    message: 'Domains sit below the transports and the app: publish through member-events (MemberEventBus), take dependencies as arguments.',
  },
  {
    target: ['./server/!(test-support)/**/!(*.test).ts', './server/!(*.test).ts'],
    from: './server/test-support',
    message: 'server/test-support is for tests: product code never imports it.',
  },
  {
    target: './server/{db,storage,mail,http}/**/!(*.test).ts',
    from: ['./server/realtime', './server/jobs', './server/plugins', './server/ssr', './server/app.ts'],
    message: 'Infrastructure modules do not depend on the layers that use them.',
  },
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
            ...serverZones,
          ],
        },
      ],
    },
  },
  {
    // Only routes and the realtime layer reach the bus; domain services take a MemberEventBus.
    files: ['server/domain/**/*.ts'],
    ignores: ['**/*-routes.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', { selector: "MemberExpression[property.name='liveBus']", message: 'Take a MemberEventBus argument; the route passes app.liveBus (decision 0016).' }],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**', 'bench/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
