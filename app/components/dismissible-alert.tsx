import type { ReactNode } from 'react';

/** A notice under the top bar with a close button (what closing remembers is the caller's). */
export function DismissibleAlert({ variant, testId, dismissLabel, onDismiss, children }: { variant: 'info' | 'warning'; testId: string; dismissLabel: string; onDismiss: () => void; children: ReactNode }) {
  return (
    <div className={`alert alert-${variant} d-flex flex-wrap align-items-center gap-2 mt-3 mb-0`} role="status" data-testid={testId}>
      {children}
      <button type="button" className="btn-close" aria-label={dismissLabel} data-testid={`${testId}-dismiss`} onClick={onDismiss} />
    </div>
  );
}
