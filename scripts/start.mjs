// `npm start`: build when the sources changed since the last build, then serve the
// bundled server from this very process (so Ctrl-C and SIGTERM reach its graceful shutdown).
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { buildAll, isBuildCurrent, SERVER_BUNDLE } from './build.mjs';

if (!isBuildCurrent()) {
  console.log('Building the app...');
  await buildAll();
}
// React picks its production build from NODE_ENV when first loaded, which the bundle's
// hoisted imports do before any of its own code runs: set it here, first.
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.resolve(SERVER_BUNDLE)).href);
