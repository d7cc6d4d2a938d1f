import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The project's root folder, found from this file's location whether the server runs
 * from its TypeScript sources (server/) or from the bundle `npm run build` makes
 * (build/server-app/): every path to a file the server reads is built from it.
 */
function findRoot(from: string): string {
  let dir = from;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findRoot(import.meta.dirname);
export const projectPath = (...parts: string[]) => path.join(PROJECT_ROOT, ...parts);
