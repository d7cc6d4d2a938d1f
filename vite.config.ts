import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  css: {
    preprocessorOptions: {
      // Bootstrap 5.3 still uses @import and global colour functions; silence the
      // deprecation noise that is Bootstrap's to fix, not ours.
      scss: { silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'], quietDeps: true },
    },
  },
  build: { target: 'es2022' },
});
