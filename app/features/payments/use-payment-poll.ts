import { useEffect, useState } from 'react';
import type { PaymentState } from '../../../common/payments/payment-schemas';
import { paymentsEndpoints } from '../../../common/payments/payments-endpoints';
import { api } from '../../lib/api';
import { setWallet } from '../../lib/wallet';
import { PAYMENT_POLL_MAX_MS, PAYMENT_POLL_MS } from '../../../common/limits';
import { keepsPolling, resultView } from './payment-result';

/**
 * A payment's state as the result page shows it: asked again every ~2 s while it is
 * processing (spec 4), until it settles or the page has waited long enough (`stalled`). Every
 * answer carries the member's balance and Premium state: the top bar shows them at once.
 */
export function usePaymentPoll(initial: PaymentState): { state: PaymentState; stalled: boolean } {
  const [state, setState] = useState(initial);
  const [stalled, setStalled] = useState(false);
  useEffect(() => setState(initial), [initial]);
  useEffect(() => setWallet({ credits: state.balance, paid_user: state.paid_user }), [state.balance, state.paid_user]);
  const polling = keepsPolling(resultView(state.status, state.method));
  useEffect(() => {
    if (!polling) return;
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    const tick = async () => {
      const next = await api.call(paymentsEndpoints.state, { query: { id: state.payment_id } }).catch(() => null);
      if (stopped) return;
      if (next) setState(next);
      if (Date.now() - started > PAYMENT_POLL_MAX_MS) setStalled(true);
      else timer = setTimeout(() => void tick(), PAYMENT_POLL_MS);
    };
    timer = setTimeout(() => void tick(), PAYMENT_POLL_MS);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [polling, state.payment_id]);
  return { state, stalled };
}
