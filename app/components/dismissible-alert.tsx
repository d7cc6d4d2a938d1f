import type { ReactNode } from 'react';
import { dismissAlert, type DismissibleAlert as AlertName } from '../lib/alert-dismissal';

/** A notice under the top bar whose close button is remembered in this browser (spec 9's dismissal keys). */
export function DismissibleAlert({
  name,
  variant,
  testId,
  dismissLabel,
  onDismissed,
  children,
}: {
  name: AlertName;
  variant: 'info' | 'warning';
  testId: string;
  dismissLabel: string;
  onDismissed: () => void;
  children: ReactNode;
}) {
  const dismiss = () => {
    dismissAlert(name);
    onDismissed();
  };
  return (
    <div className={`alert alert-${variant} d-flex flex-wrap align-items-center gap-2 mt-3 mb-0`} role="status" data-testid={testId}>
      {children}
      <button type="button" className="btn-close" aria-label={dismissLabel} data-testid={`${testId}-dismiss`} onClick={dismiss} />
    </div>
  );
}
