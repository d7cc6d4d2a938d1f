import type { FastifyInstance } from 'fastify';

/**
 * Spec section 7 gives two calls one path: POST /api/user.php logs in, and
 * POST /api/user.php?push=1 saves a push subscription. A router constraint on the `push`
 * query parameter makes them two routes, each with its own schema, handler and limits,
 * so the login route stays exactly as it is. A request without push=1 never matches the
 * push routes.
 */
export const PUSH_CONSTRAINT = 'pushQuery';

/** '1' when the URL's query has push=1, else undefined (then only unconstrained routes match). */
export function pushFlag(url: string): '1' | undefined {
  const q = url.indexOf('?');
  // Derived for every request once a route uses it: a substring test before any parsing.
  if (q < 0 || !url.includes('push=', q)) return undefined;
  return new URLSearchParams(url.slice(q + 1)).get('push') === '1' ? '1' : undefined;
}

export function addPushQueryConstraint(app: FastifyInstance): void {
  if (app.hasConstraintStrategy(PUSH_CONSTRAINT)) return;
  app.addConstraintStrategy({
    name: PUSH_CONSTRAINT,
    storage() {
      const handlers = new Map<unknown, unknown>();
      return {
        // The router's handler records are opaque here: stored and handed back as they are.
        get: (value: unknown) => (handlers.get(value) ?? null) as never,
        set: (value: unknown, handler: unknown) => {
          handlers.set(value, handler);
        },
      };
    },
    deriveConstraint: (req: { url?: string }) => pushFlag(req.url ?? ''),
  });
}
