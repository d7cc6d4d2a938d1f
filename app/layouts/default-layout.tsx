import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, Outlet, useLocation, useRouteError } from 'react-router';
import { TopBar } from '../features/shell/top-bar';
import { Footer } from '../features/shell/footer';
import { Disclaimer } from '../features/shell/disclaimer';
import { EntryWarning } from '../features/shell/entry-warning';
import { WarningBanners } from '../features/shell/warning-banners';
import { ErrorPage } from '../features/shell/error-page';
import { useRootData } from '../features/shell/use-root-data';
import { isChunkLoadError, reloadForChunkError } from '../lib/chunk-reload';

// Loaded only when needed (a visitor asked for signup, a member has an unconfirmed address):
// the home page's JavaScript budget has no room for them.
const SignupModalHost = lazy(() => import('../features/signup/signup-modal-host').then((m) => ({ default: m.SignupModalHost })));
const ActivationReminderHost = lazy(() => import('../features/signup/activation-reminder-host').then((m) => ({ default: m.ActivationReminderHost })));

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
  const { locale } = useRootData();
  if (typeof window !== 'undefined' && isChunkLoadError(error)) reloadForChunkError(window);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : undefined;
  return (
    <Frame>
      <ErrorPage status={status} message={message} locale={locale} />
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
        {user?.status === 'not_confirmed' && (
          <Suspense fallback={null}>
            <ActivationReminderHost />
          </Suspense>
        )}
      </WarningBanners>
      <main id="content" className="flex-grow-1">
        {children}
      </main>
      <Footer />
      <Disclaimer />
      <EntryWarning />
      {search.includes('signup') && (
        <Suspense fallback={null}>
          <SignupModalHost />
        </Suspense>
      )}
    </div>
  );
}
