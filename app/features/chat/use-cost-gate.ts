import { useRef, useState } from 'react';
import type { MessageKind } from '../../../common/chat/chat-schema';
import { costConfirmed, costDecision, rememberCostConfirmed } from './cost-gate';

/** A send waiting for the member's yes: what it is and costs, and what to do either way. */
export interface PaidSend {
  kind: MessageKind;
  cost: number;
  /** A gift's key (GIFTS). */
  gift?: string;
  /** A photo's local preview URL. */
  preview?: string;
}

interface Pending {
  item: PaidSend;
  go: () => void;
  cancel?: () => void;
}

/**
 * Sends through the cost confirmation: `request` sends at once or holds the send until the
 * member confirms (then remembered for this conversation) or cancels (nothing is sent).
 * `member`: the member writing (null before the root data has one: asked every time).
 */
export function useCostGate({ member, profile, credits }: { member: number | null; profile: number; credits: number }) {
  const [pending, setPending] = useState<Pending | null>(null);
  // Also remembered in this page view, for a browser whose storage is blocked.
  const confirmedHere = useRef(false);

  const request = (item: PaidSend, go: () => void, cancel?: () => void) => {
    const confirmed = confirmedHere.current || (member !== null && costConfirmed(member, profile));
    if (costDecision(item.cost, credits, confirmed) === 'send') return go();
    setPending({ item, go, cancel });
  };
  const confirm = () => {
    if (!pending) return;
    confirmedHere.current = true;
    if (member !== null) rememberCostConfirmed(member, profile);
    setPending(null);
    pending.go();
  };
  const cancel = () => {
    pending?.cancel?.();
    setPending(null);
  };
  return { pending: pending?.item ?? null, request, confirm, cancel };
}
