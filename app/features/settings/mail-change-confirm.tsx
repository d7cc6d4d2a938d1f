import { Form, Link } from 'react-router';
import { useBundles } from '../../i18n/react';
import { paths } from '../../paths';
import { useRootData } from '../../lib/use-root-data';
import type { FormResult } from './form-result';
import { FormAlert } from '../../components/form-alert';
import { SubmitButton } from '../../components/submit-button';
import { PageTitle } from '../../components/page-title';

interface Props {
  bundle: Record<string, unknown>;
  token: string;
  result: FormResult | undefined;
  busy: boolean;
}

/**
 * The page of the link mailed to the new address. The change happens on the button, not
 * on opening the page: mail scanners that fetch every link in a message must not confirm
 * an address on the owner's behalf.
 */
export function MailChangeConfirm({ bundle, token, result, busy }: Props) {
  const { t } = useBundles({ settings: bundle });
  const { user } = useRootData();
  const next = user ? (
    <Link to={paths.settings()}>{t('settings:mailChange.toSettings')}</Link>
  ) : (
    <Link to={paths.home()}>{t('settings:mailChange.toHome')}</Link>
  );
  let body;
  if (result?.ok) {
    body = (
      <>
        <FormAlert variant="success" testId="mail-change-done">
          {t('settings:mailChange.done', { email: result.email ?? '' })}
        </FormAlert>
        {next}
      </>
    );
  } else if (result || !token) {
    body = (
      <>
        <FormAlert variant="danger" testId="mail-change-error">
          <p className="mb-1 fw-semibold">{t('settings:mailChange.failed')}</p>
          <p className="mb-0">{result?.message ?? t('settings:errors.mailChangeLinkInvalid')}</p>
        </FormAlert>
        {next}
      </>
    );
  } else {
    body = (
      <Form method="post" className="card card-body shadow-sm border-0">
        <input type="hidden" name="token" value={token} />
        <p>{t('settings:mailChange.intro')}</p>
        <SubmitButton busy={busy}>{t('settings:mailChange.submit')}</SubmitButton>
      </Form>
    );
  }
  return (
    <div className="container py-5" style={{ maxWidth: 560 }}>
      <PageTitle text={t('settings:mailChange.title')} />
      <h1 className="h3 mb-4">{t('settings:mailChange.title')}</h1>
      {body}
    </div>
  );
}
