import { useRef, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import type { DirectDebitPage as PageData } from '../../../common/direct-debit/direct-debit-schemas';
import { formatMoney } from '../../../common/payments/money';
import { FormAlert } from '../../components/form-alert';
import { PageTitle } from '../../components/page-title';
import { ensureBundle } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { CodeForm } from './code-form';
import { DetailsForm, detailsErrors, initialDetails, type AccountDetails } from './details-form';
import { confirmDirectDebit, directDebitResultPath, sendDirectDebitCode } from './direct-debit-api';
import { DiscountSummary } from './discount-summary';

export interface DirectDebitPageProps {
  bundle: Record<string, unknown>;
  /** The page's data, or the API's message when the bundle cannot be paid this way. */
  page: PageData | null;
  problem: string | null;
  country: string;
  siteName: string;
}

type Step = { kind: 'details' } | { kind: 'code'; verificationId: string; mobileMasked: string };

/**
 * /directdebit (spec 5 and 8): the account and address for a SEPA mandate, then the code sent
 * by SMS, which confirms mandate and payment; the member then sees the payment's result page.
 */
export function DirectDebitPage({ bundle, page, problem, country, siteName }: DirectDebitPageProps) {
  const { t, i18n } = useTranslation();
  ensureBundle(i18n, 'direct-debit', bundle);
  const k = (key: string, vars?: Record<string, unknown>) => t(`direct-debit:${key}`, vars);
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [values, setValues] = useState<AccountDetails>(() => initialDetails(page?.account ?? null));
  const [step, setStep] = useState<Step>({ kind: 'details' });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  // One key per form: a retried or doubled request makes one payment.
  const idempotencyKey = useRef<string | null>(null);
  const item = page?.bundle;
  const discountCode = page?.discount?.code;

  /**
   * The code was refused on the way (used on another payment meanwhile): the page is loaded
   * again, which shows why and the normal price, and the next code sent is without it.
   */
  const discountRefused = (fields: Record<string, string>) => {
    if (!fields.discount_code) return false;
    setStep({ kind: 'details' });
    setFields({});
    void revalidator.revalidate();
    return true;
  };

  const send = async () => {
    if (!item) return;
    const errors = detailsErrors(values, k);
    setFields(errors);
    setMessage(null);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    idempotencyKey.current ??= crypto.randomUUID();
    const sent = await sendDirectDebitCode(
      { ...values, bundle: item.id, country, idempotency_key: idempotencyKey.current, ...(discountCode ? { discount_code: discountCode } : {}) },
      t('errors.generic'),
    );
    setBusy(false);
    if (!sent.ok) {
      if (discountRefused(sent.fields)) return;
      setFields(sent.fields);
      if (Object.keys(sent.fields).length === 0) setMessage(sent.message);
      setStep({ kind: 'details' });
      return;
    }
    setCode('');
    setStep({ kind: 'code', verificationId: sent.value.verification_id, mobileMasked: sent.value.mobile_masked });
  };

  const confirm = async () => {
    if (step.kind !== 'code' || !item) return;
    setBusy(true);
    setMessage(null);
    const paid = await confirmDirectDebit(step.verificationId, code, t('errors.generic'));
    if (paid.ok) {
      await navigate(directDebitResultPath(paid.value.bundle_id, paid.value.payment_id));
      return;
    }
    setBusy(false);
    if (discountRefused(paid.fields)) return;
    setFields(paid.fields);
    if (!paid.fields.code) setMessage(paid.message);
  };

  return (
    <div className="container py-4" style={{ maxWidth: 560 }}>
      <PageTitle text={k('title')} />
      <h1 className="h3 mb-2">{k('title')}</h1>
      {item && (
        <p className="lead mb-2" data-testid="dd-summary">
          {k('summary', { credits: item.credits, amount: formatMoney(item.amount_due, item.currency, i18n.language) })}
        </p>
      )}
      {item && page && !problem && <DiscountSummary bundle={item} discount={page.discount} error={page.discount_error} />}
      {problem || !item ? (
        <>
          <FormAlert variant="danger" testId="dd-error">
            {problem ?? k('missingBundle')}
          </FormAlert>
          <Link to={paths.credits()} className="btn btn-outline-primary">
            {k('choosePackage')}
          </Link>
        </>
      ) : page?.blocked ? (
        <FormAlert variant="danger" testId="dd-error">
          {k('errors.blocked')}
        </FormAlert>
      ) : page?.email_unconfirmed ? (
        <FormAlert variant="warning" testId="dd-unconfirmed">
          {k('errors.unconfirmed')}
        </FormAlert>
      ) : (
        <>
          <p className="text-secondary">{k('intro')}</p>
          {message && (
            <FormAlert variant="danger" testId="dd-error">
              {message}
            </FormAlert>
          )}
          {step.kind === 'details' ? (
            <DetailsForm values={values} onChange={setValues} fields={fields} busy={busy} savedIban={page.account?.iban_masked ?? null} siteName={siteName} onSubmit={() => void send()} />
          ) : (
            <CodeForm
              mobileMasked={step.mobileMasked}
              code={code}
              onCode={setCode}
              error={fields.code}
              busy={busy}
              onSubmit={() => void confirm()}
              onResend={() => void send()}
              onBack={() => setStep({ kind: 'details' })}
            />
          )}
        </>
      )}
    </div>
  );
}
