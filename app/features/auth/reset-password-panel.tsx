import type { ReactNode } from 'react';
import { PageTitle } from '../../components/page-title';

/** The narrow page both password-reset steps share: tab title and heading, then the step. */
export function ResetPasswordPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="container py-5" style={{ maxWidth: 460 }}>
      <PageTitle text={title} />
      <h1 className="h3 mb-3">{title}</h1>
      {children}
    </div>
  );
}
