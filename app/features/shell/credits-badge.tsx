import { CREDITS_BADGE_THRESHOLD } from '../../../common/limits';

/** Spec section 2: shown at 10 credits or fewer; warning colour above 0, danger at 0. */
export function creditsBadgeVariant(credits: number): 'warning' | 'danger' | null {
  if (credits > CREDITS_BADGE_THRESHOLD) return null;
  return credits > 0 ? 'warning' : 'danger';
}

export function CreditsBadge({ credits }: { credits: number }) {
  const variant = creditsBadgeVariant(credits);
  if (!variant) return null;
  return (
    <span className={`badge rounded-pill text-bg-${variant}`} data-testid="credits-badge">
      {credits}
    </span>
  );
}
