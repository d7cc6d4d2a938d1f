import { useEffect, useState } from 'react';
import { COUNTDOWN_TICK_MS } from '../../../common/limits';
import { formatCountdown, secondsUntil } from '../../lib/countdown';

/** Re-renders every COUNTDOWN_TICK_MS while `targetMs` is in the future; calls `onDone` once it passes. */
export function useCountdown(targetMs: number | null, onDone: () => void): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (targetMs === null) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= targetMs) {
        clearInterval(timer);
        onDone();
      }
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
    // onDone is read when the countdown ends; a new function must not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [targetMs]);
  return targetMs === null ? null : formatCountdown(secondsUntil(targetMs, now));
}
