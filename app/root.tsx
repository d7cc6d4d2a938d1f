import { useMemo } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from 'react-router';
import type { Route } from './+types/root';
import { translatorFor } from './i18n/i18n';
import { TranslatorProvider } from './i18n/react';
import { useNonce } from './nonce';
import { ProgressBar } from './features/shell/progress-bar';
import { PageHiddenBeacon } from './features/shell/page-hidden-beacon';
import { ErrorPage, ErrorPageBoundary } from './features/shell/error-page';
import { useAttentionCount } from './lib/attention-count';
import { useTitlePrefix } from './features/shell/title-prefix';
import { isChunkLoadError, reloadForChunkError } from './lib/chunk-reload';
import { setApiSession } from './lib/api-session';
import { FALLBACK_LOCALE } from '../common/reference/countries';
import { visitsEndpoints } from '../common/visits/visits-endpoints';
import { appIconPath, MANIFEST_PATH, THEME_COLOR } from '../common/installed-app/installed-app';
import { useServiceWorker } from './features/installed-app/use-service-worker';
import './styles/theme.scss';

export async function loader({ context }: Route.LoaderArgs) {
  return {
    locale: context.locale,
    visibleLocales: context.visibleLocales,
    country: context.country,
    settings: context.settings,
    company: context.company,
    user: context.user,
    bundles: { common: context.translations('common') },
    // Only the visitor's language reaches the browser; the error page bundles English alone.
    errorTexts: context.translations('error-page'),
    // From the endpoint table, here on the server: the beacon on every page carries no schemas.
    pageHiddenPath: visitsEndpoints.pageHidden.path,
    // Versioned by the site name: computed here, so the hash stays out of every page's script.
    appleTouchIcon: appIconPath(context.settings.name, 180),
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

// Site, locale and translations change only through a form (the language switch) or a
// different ?country=: skip re-fetching them on every client-side navigation.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  Boolean(formMethod) || currentUrl.searchParams.get('country') !== nextUrl.searchParams.get('country') ? defaultShouldRevalidate : false;

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>('root');
  const nonce = useNonce();
  return (
    <html lang={data?.locale ?? FALLBACK_LOCALE} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOR} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* With credentials: the manifest is in the visitor's language, which the locale cookie holds. */}
        <link rel="manifest" href={MANIFEST_PATH} crossOrigin="use-credentials" />
        {data && <link rel="apple-touch-icon" href={data.appleTouchIcon} />}
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  const translator = useMemo(() => translatorFor(data.locale, data.bundles), [data.locale, data.bundles]);
  // Set while rendering (idempotent): effects of the pages below run before this component's own.
  setApiSession(data.user !== null, translator.t);
  useTitlePrefix(useAttentionCount());
  useServiceWorker();
  return (
    <TranslatorProvider translator={translator}>
      <ProgressBar />
      <PageHiddenBeacon path={data.pageHiddenPath} />
      <Outlet />
    </TranslatorProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<RootData>('root');
  if (typeof window !== 'undefined' && isChunkLoadError(error)) reloadForChunkError(window);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : undefined;
  return (
    <ErrorPageBoundary texts={data?.errorTexts}>
      <main id="content">
        <ErrorPage status={status} message={message} texts={data?.errorTexts} />
      </main>
    </ErrorPageBoundary>
  );
}
