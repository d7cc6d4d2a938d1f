import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../root';

/** The site, company, locale and country of this page (the root loader's data). */
export function useRootData(): RootData {
  const data = useRouteLoaderData<RootData>('root');
  if (!data) throw new Error('useRootData used outside the root route');
  return data;
}
