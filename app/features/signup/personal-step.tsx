import { useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../../common/limits';
import { suggestEmail } from '../../../common/signup/email-suggestion';
import { isCalendarDate } from '../../../common/signup/signup-rules';
import { useTranslation } from '../../i18n/react';
import { useRootData } from '../../lib/use-root-data';
import { FieldError, IdentityChoice, type StepProps } from './signup-steps';
import { TextField } from '../../components/form-field';

/** Steps 2: who you are — username, e-mail, password, date of birth, gender and interest. */
export function PersonalStep(props: StepProps & { onInvalidDate(): void }) {
  const { t } = useTranslation();
  const { draft, update, errors } = props;
  // Suggested while typing, not on blur: a hint appearing on blur would move the Next
  // button away under a pointer that is already pressing it.
  const [dismissed, setDismissed] = useState('');
  const suggestion = draft.email.includes('@') && dismissed !== draft.email ? suggestEmail(draft.email) : null;
  const [showPassword, setShowPassword] = useState(false);
  // The hint and the error are both always named: the error appears on Next, under the field.
  const field = (name: 'name' | 'email' | 'password') => ({
    id: `signup-${name}`,
    error: errors[name],
    errorRole: 'alert' as const,
    'aria-describedby': `signup-${name}-hint signup-${name}-error`,
  });
  return (
    <>
      <h2 className="h4">{t('signup:personal.title')}</h2>
      <IdentityChoice {...props} />
      <TextField {...field('name')} label={t('signup:personal.name')} autoComplete="nickname" maxLength={100} value={draft.name} onChange={(e) => update({ name: e.target.value })}>
        <div id="signup-name-hint" className="form-text">
          {t('signup:personal.nameHint')}
        </div>
      </TextField>
      <TextField
        {...field('email')}
        label={t('signup:personal.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={254}
        value={draft.email}
        onChange={(e) => update({ email: e.target.value })}
      >
        {suggestion && (
          <button
            type="button"
            className="btn btn-link btn-sm px-0"
            data-testid="email-suggestion"
            onClick={() => {
              update({ email: suggestion });
              setDismissed(suggestion);
            }}
          >
            {t('signup:didYouMean', { suggestion })}
          </button>
        )}
        <div id="signup-email-hint" className="form-text">
          {t('signup:personal.emailHint')}
        </div>
      </TextField>
      <TextField
        {...field('password')}
        label={t('signup:personal.password')}
        type={showPassword ? 'text' : 'password'}
        autoComplete="new-password"
        maxLength={1024}
        value={draft.password}
        onChange={(e) => update({ password: e.target.value })}
      >
        <div className="d-flex justify-content-between">
          <div id="signup-password-hint" className="form-text">
            {t('signup:personal.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          </div>
          <div className="form-check form-text">
            <input id="signup-show-password" type="checkbox" className="form-check-input" checked={showPassword} onChange={(e) => setShowPassword(e.target.checked)} />
            <label htmlFor="signup-show-password" className="form-check-label">
              {t('signup:personal.showPassword')}
            </label>
          </div>
        </div>
      </TextField>
      <DateOfBirth {...props} />
    </>
  );
}

/**
 * Day, month and year as three choices: every answer is a real calendar day or the spec's
 * 'Invalid date of birth.' popup (31 February) tells the member at once.
 */
function DateOfBirth({ draft, update, errors, onInvalidDate }: StepProps & { onInvalidDate(): void }) {
  const { t } = useTranslation();
  const { locale, settings } = useRootData();
  const [year = '', month = '', day = ''] = draft.date_of_birth.split('-');
  const thisYear = new Date().getUTCFullYear();
  const years = Array.from({ length: 100 - settings.min_age + 1 }, (_, i) => thisYear - settings.min_age - i);
  const monthNames = Array.from({ length: 12 }, (_, i) => new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, i, 1))));
  const set = (part: 'y' | 'm' | 'd', value: string) => {
    const next = { y: year, m: month, d: day, [part]: value };
    const date = `${next.y}-${next.m}-${next.d}`;
    update({ date_of_birth: date });
    if (next.y && next.m && next.d && !isCalendarDate(date)) onInvalidDate();
  };
  const cls = `form-select${errors.date_of_birth ? ' is-invalid' : ''}`;
  return (
    <fieldset className="mb-3" aria-describedby="signup-dob-error">
      <legend className="form-label fs-6">{t('signup:personal.dateOfBirth')}</legend>
      <div className="row g-2">
        <div className="col-3">
          <select aria-label={t('signup:personal.day')} className={cls} value={day} onChange={(e) => set('d', e.target.value)}>
            <option value="">{t('signup:personal.day')}</option>
            {Array.from({ length: 31 }, (_, i) => String(i + 1).padStart(2, '0')).map((d) => (
              <option key={d} value={d}>
                {Number(d)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-5">
          <select aria-label={t('signup:personal.month')} className={cls} value={month} onChange={(e) => set('m', e.target.value)}>
            <option value="">{t('signup:personal.month')}</option>
            {monthNames.map((name, i) => (
              <option key={name} value={String(i + 1).padStart(2, '0')}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="col-4">
          <select aria-label={t('signup:personal.year')} className={cls} value={year} onChange={(e) => set('y', e.target.value)}>
            <option value="">{t('signup:personal.year')}</option>
            {years.map((y) => (
              <option key={y} value={String(y)}>
                {y}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FieldError id="signup-dob-error" message={errors.date_of_birth} />
    </fieldset>
  );
}
