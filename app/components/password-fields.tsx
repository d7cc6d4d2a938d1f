import type { ReactNode } from 'react';
import { TextField } from './form-field';

/** The member's current password, asked again to confirm a change (posted as `password`). */
export function CurrentPasswordField({ id, label, help, className }: { id: string; label: string; help?: ReactNode; className?: string }) {
  return <TextField id={id} label={label} help={help} className={className} name="password" type="password" autoComplete="current-password" required />;
}

/** A new password and its repetition (`password`, `password_confirmation`); the hint says the rule. */
export function NewPasswordFields({ id, label, confirmationLabel, help }: { id: string; label: string; confirmationLabel: string; help: ReactNode }) {
  return (
    <>
      <TextField id={id} label={label} help={help} name="password" type="password" autoComplete="new-password" required />
      <TextField id={`${id}-confirmation`} label={confirmationLabel} name="password_confirmation" type="password" autoComplete="new-password" required />
    </>
  );
}
