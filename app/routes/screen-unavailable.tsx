import { data } from 'react-router';

/**
 * Routes of the map whose screens later work builds (accounts, members, chat, credits,
 * landers). Until a screen exists its path answers 404, so nothing half-done is shown.
 */
export async function loader() {
  throw data(null, { status: 404 });
}

export default function ScreenUnavailable() {
  return null;
}
