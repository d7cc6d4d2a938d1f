import type { ReactNode } from 'react';
import type { User } from '../../../common/auth/user-schema';
import { ABOUT_MAX_LENGTH } from '../../../common/profile/profile-rules';
import { INTEREST_ICONS, INTEREST_IDS } from '../../../common/reference/interests';
import { BODY_TYPES, EYE_COLOURS, GENDERS, HAIR_COLOURS, RELATIONSHIP_STATUSES, SEXUALITIES, TATTOOS } from '../../../common/reference/profile-options';
import { SelectField, TextAreaField, TextField } from '../../components/form-field';
import { SubmitButton } from '../../components/submit-button';
import { useTranslation } from '../../i18n/react';
import { useRootData } from '../../lib/use-root-data';
import { useProfileForm, type FormState } from './profile-form-state';
import { ProfileLocation } from './profile-location';

/** The last date of birth the site's minimum age allows, as YYYY-MM-DD (the date picker's maximum). */
function latestBirthDate(minAge: number, today = new Date()): string {
  const d = new Date(Date.UTC(today.getUTCFullYear() - minAge, today.getUTCMonth(), today.getUTCDate()));
  return d.toISOString().slice(0, 10);
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="card mb-3" aria-labelledby={id}>
      <div className="card-body">
        <h2 id={id} className="h5 card-title mb-3">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** The own profile form (spec section 2): basics, about me, looking for, appearance, interests, location. */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const { offered, form, errors, status, regions, update, submit } = useProfileForm(user);

  const field = (name: keyof FormState, className = 'col-12 col-sm-6 mb-3') => ({ id: `profile-${name}`, name, className, error: errors[name], errorTestId: `error-${name}` });
  const select = (name: keyof FormState, label: string, options: readonly string[], labelKey: string, optional = true) => (
    <SelectField
      {...field(name)}
      label={label}
      value={form[name] as string}
      onChange={(e) => update({ [name]: e.currentTarget.value } as Partial<FormState>)}
      options={
        <>
          {optional && <option value="">{t('profile:fields.notSaid')}</option>}
          {options.map((o) => (
            <option key={o} value={o}>
              {t(`reference:${labelKey}.${o}`)}
            </option>
          ))}
        </>
      }
    />
  );

  const appearance = (['hair_colour', 'eye_colour', 'body_type', 'tattoos'] as const).filter((f) => offered.has(f));

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="profile-form">
      <Section title={t('profile:sections.basics')} id="profile-basics">
        <div className="row">
          <TextField {...field('name')} label={t('profile:fields.name')} value={form.name} maxLength={100} autoComplete="nickname" onChange={(e) => update({ name: e.currentTarget.value })} />
          <TextField
            {...field('date_of_birth')}
            label={t('profile:fields.dateOfBirth')}
            type="date"
            value={form.date_of_birth}
            max={latestBirthDate(settings.min_age)}
            autoComplete="bday"
            onChange={(e) => update({ date_of_birth: e.currentTarget.value })}
          />
          {select('gender', t('profile:fields.gender'), GENDERS, 'gender', false)}
        </div>
      </Section>

      {offered.has('about') && (
        <Section title={t('profile:sections.about')} id="profile-about-section">
          <TextAreaField
            {...field('about', '')}
            label={t('profile:fields.about')}
            labelClassName="visually-hidden"
            help={t('profile:fields.aboutHint', { count: form.about.length, max: ABOUT_MAX_LENGTH })}
            rows={5}
            value={form.about}
            onChange={(e) => update({ about: e.currentTarget.value })}
          />
        </Section>
      )}

      {(offered.has('sexuality') || offered.has('relationship_status')) && (
        <Section title={t('profile:sections.lookingFor')} id="profile-looking-for">
          <div className="row">
            {offered.has('sexuality') && select('sexuality', t('profile:fields.sexuality'), SEXUALITIES, 'sexuality', false)}
            {offered.has('relationship_status') && select('relationship_status', t('profile:fields.relationshipStatus'), RELATIONSHIP_STATUSES, 'relationshipStatus')}
          </div>
        </Section>
      )}

      {appearance.length > 0 && (
        <Section title={t('profile:sections.appearance')} id="profile-appearance">
          <div className="row">
            {offered.has('hair_colour') && select('hair_colour', t('profile:fields.hairColour'), HAIR_COLOURS, 'hairColour')}
            {offered.has('eye_colour') && select('eye_colour', t('profile:fields.eyeColour'), EYE_COLOURS, 'eyeColour')}
            {offered.has('body_type') && select('body_type', t('profile:fields.bodyType'), BODY_TYPES, 'bodyType')}
            {offered.has('tattoos') && select('tattoos', t('profile:fields.tattoos'), TATTOOS, 'tattoos')}
          </div>
        </Section>
      )}

      {offered.has('interests') && (
        <Section title={t('profile:sections.interests')} id="profile-interests">
          <p className="text-body-secondary small">{t('profile:interestsHint')}</p>
          <div className="d-flex flex-wrap gap-2" data-testid="interest-chips">
            {INTEREST_IDS.map((id) => {
              const on = form.interests.includes(id);
              return (
                <button
                  key={id}
                  type="button"
                  className={`btn btn-sm rounded-pill ${on ? 'btn-primary' : 'btn-outline-secondary'}`}
                  aria-pressed={on}
                  data-interest={id}
                  onClick={() => update({ interests: on ? form.interests.filter((i) => i !== id) : [...form.interests, id] })}
                >
                  <span aria-hidden="true" className="me-1">
                    {INTEREST_ICONS[id]}
                  </span>
                  {t(`reference:interests.${id}`)}
                </button>
              );
            })}
          </div>
          {errors.interests && (
            <div id="profile-interests-error" className="invalid-feedback d-block" data-testid="error-interests">
              {errors.interests}
            </div>
          )}
        </Section>
      )}

      <Section title={t('profile:sections.location')} id="profile-location">
        <ProfileLocation form={form} errors={errors} update={update} regions={regions} />
      </Section>

      <div className="d-flex flex-wrap align-items-center gap-3 mb-4 position-sticky bottom-0 bg-body py-2">
        <SubmitButton busy={status.kind === 'saving'} busyLabel={t('profile:saving')} className="btn btn-primary btn-lg" testId="profile-save">
          {t('profile:save')}
        </SubmitButton>
        <div aria-live="polite">
          {status.kind === 'saved' && (
            <span className="text-success fw-semibold" role="status" data-testid="profile-saved">
              {t('profile:saved')}
            </span>
          )}
          {status.kind === 'failed' && (
            <span className="text-danger" role="alert" data-testid="profile-failed">
              {status.message}
            </span>
          )}
        </div>
      </div>
    </form>
  );
}
