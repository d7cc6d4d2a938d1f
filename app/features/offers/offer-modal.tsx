import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formatPercent } from '../../../common/percent';
import { formatHours, type Offer } from './offer-clock';
import { modalHours, offerLink } from './offer-rules';

/**
 * The time-bonus and welcome-bonus modal (spec 2 and 4): the percentage, a close icon, the
 * 'act fast' text with the time left, and a link to the credits page that closes it first.
 */
export default function OfferModal({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  // Fixed when it opens: the text does not change under the reader.
  const [hours] = useState(() => modalHours(offer, Date.now()));
  const percent = formatPercent(offer.percent, locale);
  return (
    <Modal show onHide={onClose} centered data-testid="offer-modal" aria-labelledby="offer-modal-title">
      <Modal.Header closeButton closeLabel={t('offers:modal.close')}>
        <Modal.Title id="offer-modal-title">{t(`offers:modal.${offer.kind}.title`)}</Modal.Title>
      </Modal.Header>
      <Modal.Body className="text-center">
        <p className="display-3 fw-bold text-secondary mb-2" data-testid="offer-modal-percent">
          {percent}
        </p>
        <p>{t(`offers:modal.${offer.kind}.text`, { percent })}</p>
        <p className="fw-semibold" data-testid="offer-modal-act-fast">
          {t('offers:modal.actFast', { hours: formatHours(hours, locale) })}
        </p>
        <Link className="btn btn-primary btn-lg w-100" to={offerLink(offer.code)} onClick={onClose} data-testid="offer-modal-link">
          {t('offers:modal.cta')}
        </Link>
      </Modal.Body>
    </Modal>
  );
}

export type OfferModalView = typeof OfferModal;
