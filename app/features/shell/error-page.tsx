import { Component, type ReactNode } from 'react';
import { paths } from '../../paths';
import { errorTexts } from './error-texts';

interface ErrorPageProps {
  status: number;
  message?: string | undefined;
  /** The error-page bundle of the visitor's language (root data); English without it. */
  texts: Record<string, unknown> | undefined;
}

/** Spec section 8: message default 'Error', status default 500; 404 offers the way home. */
export function ErrorPage({ status, message, texts }: ErrorPageProps) {
  const t = errorTexts(texts);
  const notFound = status === 404;
  return (
    <>
      <title>{`${status} · ${t.title}`}</title>
      <div className="container py-5 text-center" data-testid="error-page">
        <p className="display-1 fw-bold text-primary mb-2">{status}</p>
        <h1 className="h3 mb-4">{notFound ? t.notFound : (message ?? t.error)}</h1>
        {notFound && (
          <a className="btn btn-primary" href={paths.home()}>
            {t.backHome}
          </a>
        )}
      </div>
    </>
  );
}

interface BoundaryProps {
  texts: Record<string, unknown> | undefined;
  children: ReactNode;
}

/** If the error page itself fails, this plain fallback still says so and links home. */
export class ErrorPageBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const texts = errorTexts(this.props.texts);
    return (
      <main className="container py-5 text-center" data-testid="error-page-fallback">
        <p>{texts.errorPageFailed}</p>
        <a href="/">{texts.home}</a>
      </main>
    );
  }
}
