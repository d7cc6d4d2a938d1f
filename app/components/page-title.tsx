import { useRootData } from '../lib/use-root-data';

/**
 * The document title of a page: its own (translated) name, then the site's. React hoists the
 * element into <head>; the unread prefix is added by the shell (title-prefix.ts).
 */
export function PageTitle({ text }: { text: string }) {
  const { settings } = useRootData();
  return <title>{`${text} · ${settings.name}`}</title>;
}
