import { Form, Link } from 'react-router';
import { useBundles } from '../../i18n/react';
import { paths } from '../../paths';
import { FormAlert } from '../../components/form-alert';
import { SubmitButton } from '../../components/submit-button';
import { PageTitle } from '../../components/page-title';

/** What the page knows: the link's type (its label) or why the link is no good. */
export type UnsubscribeCheck = { ok: true; label: string } | { ok: false; message: string };
export type UnsubscribeResult = { ok: true; label: string } | { ok: false; message: string };

interface Props {
  bundle: Record<string, unknown>;
  token: string;
  check: UnsubscribeCheck;
  result: UnsubscribeResult | undefined;
  busy: boolean;
}

/**
 * The page of a notification mail's footer link. Opening it changes nothing (mail scanners
 * fetch every link); the button unsubscribes from the one type the link names.
 */
export function UnsubscribePage({ bundle, token, check, result, busy }: Props) {
  const { t } = useBundles({ unsubscribe: bundle });
  const links = (
    <p className="d-flex flex-wrap gap-3 mb-0">
      <Link to={paths.notifications()}>{t('unsubscribe:toSettings')}</Link>
      <Link to={paths.home()}>{t('unsubscribe:toHome')}</Link>
    </p>
  );
  let body;
  if (result?.ok) {
    body = (
      <>
        <FormAlert variant="success" testId="unsubscribe-done">
          {t('unsubscribe:done', { type: result.label })}
        </FormAlert>
        {links}
      </>
    );
  } else if (result || !check.ok) {
    body = (
      <>
        <FormAlert variant="danger" testId="unsubscribe-error">
          {result && !result.ok ? result.message : !check.ok ? check.message : ''}
        </FormAlert>
        {links}
      </>
    );
  } else {
    body = (
      <Form method="post" className="card card-body shadow-sm border-0">
        <input type="hidden" name="token" value={token} />
        <p className="fw-semibold">{t('unsubscribe:question', { type: check.label })}</p>
        <p>{t('unsubscribe:intro')}</p>
        <div>
          <SubmitButton busy={busy} className="btn btn-primary px-4 py-2">
            {t('unsubscribe:submit')}
          </SubmitButton>
        </div>
      </Form>
    );
  }
  return (
    <div className="container py-5" style={{ maxWidth: 560 }}>
      <PageTitle text={t('unsubscribe:title')} />
      <h1 className="h3 mb-4">{t('unsubscribe:title')}</h1>
      {body}
    </div>
  );
}
