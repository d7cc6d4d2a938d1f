import { Form, Link } from 'react-router';
import { COMPLAINT_CATEGORIES, COMPLAINT_TEXT_MAX, COMPLAINT_TEXT_MIN } from '../../../common/complaints/complaint';
import { useBundles } from '../../i18n/react';
import { paths } from '../../paths';
import { PageTitle } from '../../components/page-title';
import { FormAlert } from '../../components/form-alert';
import { SelectField, TextAreaField, TextField } from '../../components/form-field';
import { SubmitButton } from '../../components/submit-button';

export type ComplaintActionData =
  | { ok: true; id: number; email: string }
  | { ok: false; message: string; fields: Record<string, string>; values: Record<string, string> };

export interface ComplaintFormProps {
  bundle: Record<string, unknown>;
  /** The member's own address (members complain with it); null for a visitor, who enters one. */
  memberEmail: string | null;
  profileId: string;
  result: ComplaintActionData | undefined;
  busy: boolean;
}

/**
 * /complaints (route complaints): category, text, an optional profile number (prefilled
 * from a profile's Report link) and, for visitors, an e-mail address. A plain form posted to
 * the route's action, so it works before hydration too.
 */
export function ComplaintForm({ bundle, memberEmail, profileId, result, busy }: ComplaintFormProps) {
  const { t } = useBundles({ complaints: bundle });
  const k = (key: string, vars?: Record<string, unknown>) => t(`complaints:${key}`, vars);

  if (result?.ok) {
    return (
      <div className="container py-4" style={{ maxWidth: 720 }}>
        <PageTitle text={k('title')} />
        <h1 className="h3 mb-3">{k('title')}</h1>
        <FormAlert variant="success" testId="complaint-sent">
          {k('sent', { id: result.id, email: result.email })}
        </FormAlert>
        <Link to={paths.complaints()}>{k('another')}</Link>
      </div>
    );
  }
  const fields = result?.fields ?? {};
  const values = result?.values ?? {};

  return (
    <div className="container py-4" style={{ maxWidth: 720 }}>
      <PageTitle text={k('title')} />
      <h1 className="h3 mb-2">{k('title')}</h1>
      <p className="text-secondary">{k('intro')}</p>
      {result && !result.ok && Object.keys(fields).length === 0 && <FormAlert variant="danger">{result.message}</FormAlert>}
      <Form method="post" noValidate={false} data-testid="complaint-form">
        <SelectField
          id="complaint-category"
          label={k('category')}
          error={fields.category}
          name="category"
          defaultValue={values.category ?? ''}
          required
          options={
            <>
              <option value="" disabled>
                {k('chooseCategory')}
              </option>
              {COMPLAINT_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {k(`categories.${c}`)}
                </option>
              ))}
            </>
          }
        />
        <TextAreaField
          id="complaint-text"
          label={k('text')}
          help={k('textHelp', { min: COMPLAINT_TEXT_MIN })}
          error={fields.text}
          name="text"
          rows={6}
          defaultValue={values.text ?? ''}
          required
          minLength={COMPLAINT_TEXT_MIN}
          maxLength={COMPLAINT_TEXT_MAX}
        />
        <TextField
          id="complaint-profile"
          label={k('profileId')}
          help={k('profileHelp')}
          error={fields.profile_id}
          name="profile_id"
          inputMode="numeric"
          pattern="[0-9]*"
          defaultValue={values.profile_id ?? profileId}
        />
        {memberEmail ? (
          <p className="small text-secondary">{k('emailMember', { email: memberEmail })}</p>
        ) : (
          <TextField id="complaint-email" label={k('email')} error={fields.email} name="email" type="email" autoComplete="email" defaultValue={values.email ?? ''} required />
        )}
        <SubmitButton busy={busy} busyLabel={k('sending')}>
          {k('submit')}
        </SubmitButton>
      </Form>
    </div>
  );
}
