import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formatPercent } from '../../../common/percent';
import { formatCountdown } from '../../lib/countdown';
import type { Offer } from './offer-clock';
import { offerLink } from './offer-rules';
import { useSecondsLeft } from './use-seconds-left';

// Stands for the countdown inside the translated sentence, so each language places it where it belongs.
const SLOT = '\u0000';

/** The top banner of spec 2 and 4: the whole banner links to the credits page with the offer's code. */
export function OfferBanner({ offer }: { offer: Offer }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const seconds = useSecondsLeft(offer);
  const [before, after] = t('offers:banner.endsIn', { time: SLOT }).split(SLOT);
  return (
    <Link
      to={offerLink(offer.code)}
      className="alert text-bg-secondary d-block mt-3 mb-0 text-center text-decoration-none"
      data-testid="offer-banner"
      data-kind={offer.kind}
    >
      <strong className="d-block">
        <span aria-hidden="true">★ </span>
        {t(`offers:banner.${offer.kind}`, { percent: formatPercent(offer.percent, locale) })}
        <span aria-hidden="true"> ★</span>
      </strong>
      <span className="d-block">
        {before}
        {/* A timer is not announced every second (the banner region is a polite live region). */}
        <span role="timer" className="fw-bold font-monospace" data-testid="offer-countdown">
          {formatCountdown(seconds)}
        </span>
        {after}
      </span>
    </Link>
  );
}
