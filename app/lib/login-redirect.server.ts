import { redirect } from 'react-router';
import { paths } from '../paths';

/**
 * A loader's answer to a visitor on a members' page: the login page, then back to
 * `returnTo`; `reason: 'chat'` shows why a chat asks for it. Server-only, so the browser's
 * URL map (paths.ts, on every page) does not carry it.
 */
export function loginRedirect(returnTo: string, reason?: 'chat'): Response {
  return redirect(`${paths.login()}?returnTo=${encodeURIComponent(returnTo)}${reason ? `&reason=${reason}` : ''}`);
}
