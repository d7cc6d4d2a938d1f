/** Whole seconds from `nowMs` until `targetMs`, rounded up (the last second shows 00:00:01), never below 0. */
export function secondsUntil(targetMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((targetMs - nowMs) / 1000));
}

/**
 * Every countdown's text (offer banner, swipe game): zero-padded hours:minutes:seconds in total
 * hours, as spec 2 and 4 write it. Colons and Latin digits in every language on purpose: the
 * locale's time format would write 03.59.59 in fi and da.
 */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, '0')).join(':');
}
