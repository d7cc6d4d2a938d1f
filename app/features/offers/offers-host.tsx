import { lazy, Suspense, useEffect } from 'react';
import { useMatches } from 'react-router';
import type { User } from '../../../common/auth/user-schema';
import { useWallet } from '../../lib/wallet';
import { clearOffer, loadOffer, useOffer } from './offer-store';
import { inMembersArea } from '../../members-area';

// The banner, modal, countdown and their texts: loaded once the server says there is an offer.
const OfferUi = lazy(() => import('./offer-ui'));

/**
 * The time bonus and welcome offer of a logged-in, non-paying member (spec 2 and 4). Becoming
 * Premium (the live 'credits' event, the payment result) takes the offer away at once.
 */
export function OffersHost({ user }: { user: Pick<User, 'id' | 'credits' | 'paid_user'> }) {
  const { credits, paid_user } = useWallet({ credits: user.credits, paid_user: user.paid_user });
  const offer = useOffer();
  // The banner shows and the modal's timer runs in the members area only.
  const inArea = inMembersArea(useMatches());
  useEffect(() => {
    if (paid_user) clearOffer();
    else loadOffer(user.id);
  }, [user.id, paid_user]);
  if (!offer || paid_user) return null;
  return (
    <Suspense fallback={null}>
      <OfferUi offer={offer} credits={credits} inArea={inArea} />
    </Suspense>
  );
}
