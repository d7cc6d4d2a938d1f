import routes from '../../app/routes';

interface RouteNode {
  id?: string;
  path?: string;
  index?: boolean;
  children?: RouteNode[];
}

export interface ConcreteRoute {
  id: string;
  path: string;
}

/** Values for the route table's parameters; optional ones are left out. */
const PARAMS: Record<string, (memberId: number) => string> = {
  id: (memberId) => String(memberId),
  type: () => 'received',
  lander: () => 'video',
};

/**
 * Every route of app/routes.ts as a URL to visit, so a test over "every route" follows the
 * table instead of a list kept by hand. `*` becomes a path that matches nothing.
 */
export function everyRoute(memberId: number): ConcreteRoute[] {
  const out: ConcreteRoute[] = [];
  const walk = (nodes: RouteNode[]) => {
    for (const node of nodes) {
      if (node.children) walk(node.children);
      if (!node.id) continue;
      if (node.index) {
        out.push({ id: node.id, path: '/' });
        continue;
      }
      const segments = (node.path ?? '')
        .split('/')
        .filter((s) => !s.endsWith('?'))
        .map((s) => (s === '*' ? 'no-such-page' : s.startsWith(':') ? PARAMS[s.slice(1)]!(memberId) : s));
      out.push({ id: node.id, path: `/${segments.join('/')}` });
    }
  };
  walk(routes as RouteNode[]);
  return out;
}
