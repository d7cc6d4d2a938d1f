/**
 * The photo chosen in step 1 waits here, in the tab's memory, until the account exists:
 * the complete-signup page uploads it with the new session.
 */
let pending: File | null = null;

export function setPendingPhoto(file: File | null): void {
  pending = file;
}

export function takePendingPhoto(): File | null {
  const file = pending;
  pending = null;
  return file;
}
