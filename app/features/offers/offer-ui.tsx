import { useEffect, useState } from 'react';
import { TIME_BONUS_MODAL_DELAY_MS } from '../../../common/limits';
import { loadNamespaces } from '../../i18n/namespaces';
import { useTranslation } from '../../i18n/react';
import { alertDismissed, dismissAlert } from '../../lib/alert-dismissal';
import { useRootData } from '../../lib/use-root-data';
import type { Offer } from './offer-clock';
import type { OfferModalView } from './offer-modal';
import { OfferBanner } from './offer-banner';
import { MODAL_DISMISSAL, modalWanted } from './offer-rules';


/**
 * The offer's banner (members area) and modal. The modal opens after 40 s in the members area
 * for a member with no credits who has not closed it before; leaving the area cancels the
 * timer, moving within it does not restart it (this component stays mounted across pages).
 */
export default function OfferUi({ offer, credits, inArea }: { offer: Offer; credits: number; inArea: boolean }) {
  const { i18n } = useTranslation();
  const { locale } = useRootData();
  const [texts, setTexts] = useState(false);
  // The modal's code (with react-bootstrap's Modal) comes when it opens: most members with an offer have credits.
  const [OfferModal, setOfferModal] = useState<OfferModalView | null>(null);
  const dismissal = MODAL_DISMISSAL[offer.kind];

  useEffect(() => {
    let live = true;
    void loadNamespaces(locale, i18n, ['offers']).then(() => live && setTexts(true));
    return () => {
      live = false;
    };
  }, [locale, i18n]);

  // The dismissal is read in the browser only (the server cannot know it).
  const wanted = modalWanted(credits, inArea, alertDismissed(dismissal));
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    const timer = setTimeout(() => void import('./offer-modal').then((m) => live && setOfferModal(() => m.default)), TIME_BONUS_MODAL_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [wanted]);

  const close = () => {
    dismissAlert(dismissal);
    setOfferModal(null);
  };

  if (!texts) return null;
  return (
    <>
      {inArea && <OfferBanner offer={offer} />}
      {OfferModal && <OfferModal offer={offer} onClose={close} />}
    </>
  );
}
