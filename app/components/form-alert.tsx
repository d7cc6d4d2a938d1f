import type { ReactNode } from 'react';

/**
 * A form's outcome or problem in a Bootstrap alert: a problem is announced at once
 * (role alert), anything else politely (role status).
 */
export function FormAlert({ variant, testId, className, children }: { variant: 'danger' | 'success' | 'info' | 'warning'; testId?: string | undefined; className?: string; children: ReactNode }) {
  return (
    <div className={`alert alert-${variant}${className ? ` ${className}` : ''}`} role={variant === 'danger' ? 'alert' : 'status'} data-testid={testId}>
      {children}
    </div>
  );
}
