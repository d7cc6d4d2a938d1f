import type { ReactNode } from 'react';

/** A form's submit button: disabled while the form is being sent, with its own label for that time when given. */
export function SubmitButton({ busy, busyLabel, className = 'btn btn-primary', testId, children }: { busy: boolean; busyLabel?: ReactNode; className?: string; testId?: string; children: ReactNode }) {
  return (
    <button type="submit" className={className} disabled={busy} data-testid={testId}>
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
