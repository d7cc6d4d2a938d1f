import { Form, Link } from 'react-router';
import { COMPLAINT_CATEGORIES, COMPLAINT_TEXT_MAX, COMPLAINT_TEXT_MIN } from '../../../common/complaints/complaint';
import { ensureBundle } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { PageTitle } from '../../components/page-title';

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
  const { t, i18n } = useTranslation();
  ensureBundle(i18n, 'complaints', bundle);
  const k = (key: string, vars?: Record<string, unknown>) => t(`complaints:${key}`, vars);

  if (result?.ok) {
    return (
      <div className="container py-4" style={{ maxWidth: 720 }}>
        <PageTitle text={k('title')} />
        <h1 className="h3 mb-3">{k('title')}</h1>
        <p className="alert alert-success" role="status" data-testid="complaint-sent">
          {k('sent', { id: result.id, email: result.email })}
        </p>
        <Link to={paths.complaints()}>{k('another')}</Link>
      </div>
    );
  }
  const fields = result?.fields ?? {};
  const values = result?.values ?? {};
  const invalid = (name: string) => (fields[name] ? 'is-invalid' : '');
  const feedback = (name: string) =>
    fields[name] ? (
      <div id={`complaint-${name}-error`} className="invalid-feedback">
        {fields[name]}
      </div>
    ) : null;
  const described = (name: string, help?: string) => [fields[name] ? `complaint-${name}-error` : '', help ?? ''].filter(Boolean).join(' ') || undefined;

  return (
    <div className="container py-4" style={{ maxWidth: 720 }}>
      <PageTitle text={k('title')} />
      <h1 className="h3 mb-2">{k('title')}</h1>
      <p className="text-secondary">{k('intro')}</p>
      {result && !result.ok && Object.keys(fields).length === 0 && (
        <p className="alert alert-danger" role="alert">
          {result.message}
        </p>
      )}
      <Form method="post" noValidate={false} data-testid="complaint-form">
        <div className="mb-3">
          <label htmlFor="complaint-category" className="form-label">
            {k('category')}
          </label>
          <select id="complaint-category" name="category" className={`form-select ${invalid('category')}`} defaultValue={values.category ?? ''} required aria-describedby={described('category')}>
            <option value="" disabled>
              {k('chooseCategory')}
            </option>
            {COMPLAINT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {k(`categories.${c}`)}
              </option>
            ))}
          </select>
          {feedback('category')}
        </div>
        <div className="mb-3">
          <label htmlFor="complaint-text" className="form-label">
            {k('text')}
          </label>
          <textarea
            id="complaint-text"
            name="text"
            rows={6}
            className={`form-control ${invalid('text')}`}
            defaultValue={values.text ?? ''}
            required
            minLength={COMPLAINT_TEXT_MIN}
            maxLength={COMPLAINT_TEXT_MAX}
            aria-describedby={described('text', 'complaint-text-help')}
          />
          <div id="complaint-text-help" className="form-text">
            {k('textHelp', { min: COMPLAINT_TEXT_MIN })}
          </div>
          {feedback('text')}
        </div>
        <div className="mb-3">
          <label htmlFor="complaint-profile" className="form-label">
            {k('profileId')}
          </label>
          <input
            id="complaint-profile"
            name="profile_id"
            inputMode="numeric"
            pattern="[0-9]*"
            className={`form-control ${invalid('profile_id')}`}
            defaultValue={values.profile_id ?? profileId}
            aria-describedby={described('profile_id', 'complaint-profile-help')}
          />
          <div id="complaint-profile-help" className="form-text">
            {k('profileHelp')}
          </div>
          {feedback('profile_id')}
        </div>
        {memberEmail ? (
          <p className="small text-secondary">{k('emailMember', { email: memberEmail })}</p>
        ) : (
          <div className="mb-3">
            <label htmlFor="complaint-email" className="form-label">
              {k('email')}
            </label>
            <input id="complaint-email" name="email" type="email" autoComplete="email" className={`form-control ${invalid('email')}`} defaultValue={values.email ?? ''} required aria-describedby={described('email')} />
            {feedback('email')}
          </div>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? k('sending') : k('submit')}
        </button>
      </Form>
    </div>
  );
}
