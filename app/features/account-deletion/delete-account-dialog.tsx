import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useFetcher } from 'react-router';
import { ACCOUNT_DELETED_PATH, DELETE_REASON_TEXT_MAX, DELETE_REASONS } from '../../../common/account-deletion/account-deletion-rules';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { FormAlert } from '../../components/form-alert';
import { TextAreaField } from '../../components/form-field';
import { CurrentPasswordField } from '../../components/password-fields';
import { SubmitButton } from '../../components/submit-button';
import { STAY_INTENT, type StayOfferActionData } from './stay-offer';

/** What the /account-deleted action answers a failed deletion with. */
export interface DeleteActionData {
  intent: 'delete';
  error: string;
}

interface Props {
  /** The company's delete_discount (percent); 0 skips the offer. */
  discount: number;
  onClose: () => void;
}

/**
 * The delete-account flow: first the company's offer to stay (when it has one), then the
 * reason and the password. It posts to the /account-deleted route's action, which calls
 * the API and, on success, redirects to that page.
 */
export function DeleteAccountDialog({ discount, onClose }: Props) {
  const { t } = useTranslation();
  const [step, setStep] = useState<'offer' | 'confirm'>(discount > 0 ? 'offer' : 'confirm');
  const fetcher = useFetcher<DeleteActionData>();
  const busy = fetcher.state !== 'idle';
  const error = fetcher.data?.intent === 'delete' ? fetcher.data.error : undefined;
  // Accepting the offer claims the member's personal code; the action then opens /credits with it.
  const stay = useFetcher<StayOfferActionData>();
  const stayError = stay.data?.intent === STAY_INTENT ? stay.data.error : undefined;
  return (
    <Modal show onHide={onClose} centered aria-labelledby="delete-account-dialog-title" data-testid="delete-account-dialog">
      <Modal.Header closeButton>
        <Modal.Title id="delete-account-dialog-title">{t(step === 'offer' ? 'account:delete.offerTitle' : 'account:delete.dialogTitle')}</Modal.Title>
      </Modal.Header>
      {step === 'offer' ? (
        <>
          <Modal.Body>
            <p className="lead mb-0" data-testid="delete-discount-offer">
              {t('account:delete.offer', { percent: discount })}
            </p>
            {stayError && (
              <FormAlert variant="danger" testId="delete-offer-error" className="mt-3 mb-0">
                {stayError}
              </FormAlert>
            )}
          </Modal.Body>
          <stay.Form method="post" action={paths.credits()}>
            <input type="hidden" name="intent" value={STAY_INTENT} />
            <Modal.Footer className="justify-content-between">
              <button type="button" className="btn btn-link text-body-secondary" onClick={() => setStep('confirm')}>
                {t('account:delete.continue')}
              </button>
              <SubmitButton busy={stay.state !== 'idle'} className="btn btn-primary" testId="delete-offer-accept">
                {t('account:delete.offerCta')}
              </SubmitButton>
            </Modal.Footer>
          </stay.Form>
        </>
      ) : (
        <fetcher.Form method="post" action={ACCOUNT_DELETED_PATH}>
          <input type="hidden" name="intent" value="delete" />
          <Modal.Body>
            {error && (
              <FormAlert variant="danger" testId="delete-account-error">
                {error}
              </FormAlert>
            )}
            <fieldset className="mb-3">
              <legend className="form-label fs-6">{t('account:delete.reasonLabel')}</legend>
              {DELETE_REASONS.map((reason) => (
                <div className="form-check" key={reason}>
                  <input className="form-check-input" type="radio" name="reason" id={`delete-reason-${reason}`} value={reason} />
                  <label className="form-check-label" htmlFor={`delete-reason-${reason}`}>
                    {t(`account:delete.reasons.${reason}`)}
                  </label>
                </div>
              ))}
            </fieldset>
            <TextAreaField id="delete-reason-text" label={t('account:delete.reasonText')} name="reason_text" rows={2} maxLength={DELETE_REASON_TEXT_MAX} />
            <CurrentPasswordField id="delete-password" label={t('account:delete.password')} help={t('account:delete.passwordHelp')} className="" />
          </Modal.Body>
          <Modal.Footer className="justify-content-between">
            <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
              {t('account:delete.cancel')}
            </button>
            <SubmitButton busy={busy} className="btn btn-danger">
              {t('account:delete.confirm')}
            </SubmitButton>
          </Modal.Footer>
        </fetcher.Form>
      )}
    </Modal>
  );
}
