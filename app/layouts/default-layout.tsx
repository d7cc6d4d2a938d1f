import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, Outlet, useLocation, useRouteError } from 'react-router';
import { TopBar } from '../features/shell/top-bar';
import { Footer } from '../features/shell/footer';
import { Disclaimer } from '../features/shell/disclaimer';
import { EntryWarning } from '../features/shell/entry-warning';
import { WarningBanners } from '../features/shell/warning-banners';
import { ErrorPage } from '../features/shell/error-page';
import { useRootData } from '../lib/use-root-data';
import { isChunkLoadError, reloadForChunkError } from '../lib/chunk-reload';

// Loaded only when needed (a member's alerts, the overlays, a visitor asking for signup):
// the home page's JavaScript budget has no room for them.
const LayoutExtras = lazy(() => import('./layout-extras'));

/** Default layout (spec section 2): top navigation, warning banners, content, footer, disclaimer, entry warning, signup modal. */
export default function DefaultLayout() {
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}

/** Errors of the pages in this layout (404s included) keep the navigation and footer around them. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { errorTexts } = useRootData();
  if (typeof window !== 'undefined' && isChunkLoadError(error)) reloadForChunkError(window);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : undefined;
  return (
    <Frame>
      <ErrorPage status={status} message={message} texts={errorTexts} />
    </Frame>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  const { user } = useRootData();
  const { search } = useLocation();
  return (
    <div className="d-flex flex-column min-vh-100">
      <TopBar />
      <WarningBanners>
        {/* Only members have alerts (the push alert may concern any of them: only the browser knows); visitors load none. */}
        {user && (
          <Suspense fallback={null}>
            <LayoutExtras part="alerts" user={user} />
          </Suspense>
        )}
      </WarningBanners>
      <main id="content" className="flex-grow-1 rv-page-main">
        {children}
      </main>
      <Footer />
      <Disclaimer />
      <EntryWarning />
      {(user || search.includes('signup')) && (
        <Suspense fallback={null}>
          <LayoutExtras part="overlays" user={user} signup={search.includes('signup')} />
        </Suspense>
      )}
    </div>
  );
}
