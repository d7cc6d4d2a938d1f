import { useEffect, useState } from 'react';
import { COUNTDOWN_TICK_MS } from '../../../common/limits';
import { secondsLeft, type Offer } from './offer-clock';

/**
 * The offer's whole seconds left, re-read from its fixed deadline (re-mounting does not restart
 * it). Each tick lands where the shown second changes, so every view of the same offer shows
 * the same value at the same moment.
 */
export function useSecondsLeft(offer: Pick<Offer, 'deadline'>): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      if (at < offer.deadline) timer = setTimeout(tick, (offer.deadline - at) % COUNTDOWN_TICK_MS || COUNTDOWN_TICK_MS);
    };
    tick();
    return () => clearTimeout(timer);
  }, [offer.deadline]);
  return secondsLeft(offer, now);
}
