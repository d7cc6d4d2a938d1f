import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import purgeCss from '@fullhuman/postcss-purgecss';

export default defineConfig(({ command }) => ({
  plugins: [reactRouter()],
  css: {
    postcss: {
      // Bootstrap's utilities make most of its CSS; ship only the rules our markup uses
      // (the stylesheet blocks the first paint, see docs/benchmarks.md).
      plugins:
        command === 'build'
          ? [
              purgeCss({
                content: ['app/**/*.{ts,tsx}', 'node_modules/react-bootstrap/esm/**/*.js'],
                safelist: { standard: [/^modal/, /^fade$/, /^show$/, /^showing$/, /^collapsing$/], greedy: [/^dropdown-menu/] },
                variables: true,
              }),
            ]
          : [],
    },
    preprocessorOptions: {
      // Bootstrap 5.3 still uses @import and global colour functions; silence the
      // deprecation noise that is Bootstrap's to fix, not ours.
      scss: { silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'], quietDeps: true },
    },
  },
  build: {
    target: 'es2022',
    modulePreload: {
      // What the layout and the entry warning load on demand (member alerts, overlays, the
      // warning's modal, the API client at logout) is fetched only when needed; listing all
      // its dependencies for preloading would cost every visitor's first page bytes (the home
      // page's JavaScript budget, docs/benchmarks.md). Those dependencies load with it instead.
      resolveDependencies: (filename, deps, { hostId }) => (/(default-layout|entry-warning)-/.test(hostId) ? [filename] : deps),
    },
  },
  // react-bootstrap's per-component entry points (react-bootstrap/Modal) are folders that
  // Node's ESM loader cannot import: bundle it into the server build instead.
  ssr: { noExternal: ['react-bootstrap', 'react-transition-group', '@restart/ui', '@restart/hooks', 'dom-helpers', 'uncontrollable', '@react-aria/ssr'] },
}));
