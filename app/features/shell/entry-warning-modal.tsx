import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';

interface Props {
  onEnter: () => void;
  minAge: number;
  siteName: string;
}

/** The adult-content warning. It has no close icon: the visitor enters or leaves. */
export default function EntryWarningModal({ onEnter, minAge, siteName }: Props) {
  const { t } = useTranslation();
  return (
    <Modal show centered backdrop="static" keyboard={false} aria-labelledby="entry-warning-title" data-testid="entry-warning">
      <Modal.Header>
        <Modal.Title id="entry-warning-title">{t('entryWarning.title', { minAge })}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t('entryWarning.body', { siteName, minAge })}</p>
        <p className="small text-body-secondary mb-0">
          {t('entryWarning.terms')} <a href={paths.page('terms')}>{t('footer.terms')}</a> · <a href={paths.page('privacy')}>{t('footer.privacy')}</a> ·{' '}
          <a href={paths.page('cookies')}>{t('footer.cookies')}</a>
        </p>
      </Modal.Body>
      <Modal.Footer className="justify-content-between">
        <a className="btn btn-outline-secondary" href="https://www.google.com/" rel="noopener noreferrer">
          {t('entryWarning.leave')}
        </a>
        <button type="button" className="btn btn-primary" onClick={onEnter} autoFocus>
          {t('entryWarning.enter', { minAge })}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
