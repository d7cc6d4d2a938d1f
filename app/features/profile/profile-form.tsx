import { useState, type FormEvent, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import type { User } from '../../../common/auth/user-schema';
import { countryName } from '../../../common/i18n/format';
import { ABOUT_MAX_LENGTH, CITY_MAX_LENGTH, offeredProfileFields, profileProblems, type ProfileUpdate } from '../../../common/profile/profile-rules';
import { INTEREST_ICONS, INTEREST_IDS, type InterestId } from '../../../common/reference/interests';
import { BODY_TYPES, EYE_COLOURS, GENDERS, HAIR_COLOURS, RELATIONSHIP_STATUSES, SEXUALITIES, TATTOOS } from '../../../common/reference/profile-options';
import { useRegions } from '../../components/region-select';
import { useTranslation } from '../../i18n/react';
import { locate } from '../../lib/geolocation';
import { useRootData } from '../../lib/use-root-data';
import { saveProfile } from './profile-api';

type Profile = User['profile'];

interface FormState {
  name: string;
  gender: string;
  sexuality: string;
  date_of_birth: string;
  country: string;
  region: string;
  city: string;
  interests: string[];
  hair_colour: string;
  eye_colour: string;
  body_type: string;
  relationship_status: string;
  tattoos: string;
  about: string;
}

function formOf(p: Profile): FormState {
  return {
    name: p.name,
    gender: p.gender,
    sexuality: p.sexuality,
    date_of_birth: p.date_of_birth,
    country: p.country,
    region: p.region ?? '',
    city: p.city ?? '',
    interests: p.interests,
    hair_colour: p.hair_colour ?? '',
    eye_colour: p.eye_colour ?? '',
    body_type: p.body_type ?? '',
    relationship_status: p.relationship_status ?? '',
    tattoos: p.tattoos ?? '',
    about: p.about,
  };
}

/** The last date of birth the site's minimum age allows, as YYYY-MM-DD (the date picker's maximum). */
function latestBirthDate(minAge: number, today = new Date()): string {
  const d = new Date(Date.UTC(today.getUTCFullYear() - minAge, today.getUTCMonth(), today.getUTCDate()));
  return d.toISOString().slice(0, 10);
}

const orNull = <T extends string>(value: string) => (value === '' ? null : (value as T));

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string };
type LocateState = 'idle' | 'locating' | 'ok' | 'failed';

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
  const { locale, settings } = useRootData();
  const revalidator = useRevalidator();
  const offered = offeredProfileFields(settings);
  const [form, setForm] = useState<FormState>(() => formOf(user.profile));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const regions = useRegions(form.country);
  const [locating, setLocating] = useState<LocateState>('idle');
  const [placeName, setPlaceName] = useState('');

  function update(patch: Partial<FormState>) {
    setForm((f) => ({ ...f, ...patch }));
    setStatus((s) => (s.kind === 'saved' ? { kind: 'idle' } : s));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
  }

  function payload(): ProfileUpdate {
    const body: ProfileUpdate = {
      name: form.name,
      gender: form.gender as ProfileUpdate['gender'],
      date_of_birth: form.date_of_birth,
      country: form.country,
      region: form.region || null,
      city: form.city.trim() || null,
    };
    if (offered.has('sexuality')) body.sexuality = form.sexuality as ProfileUpdate['sexuality'];
    if (offered.has('relationship_status')) body.relationship_status = orNull(form.relationship_status);
    if (offered.has('hair_colour')) body.hair_colour = orNull(form.hair_colour);
    if (offered.has('eye_colour')) body.eye_colour = orNull(form.eye_colour);
    if (offered.has('body_type')) body.body_type = orNull(form.body_type);
    if (offered.has('tattoos')) body.tattoos = orNull(form.tattoos);
    if (offered.has('interests')) body.interests = form.interests as InterestId[];
    if (offered.has('about')) body.about = form.about;
    return body;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = payload();
    const problems = profileProblems(body, { country: user.profile.country }, {
      email: user.email,
      minAge: settings.min_age,
      countries: settings.countries,
      today: new Date(),
      // The server checks regions; the list may still be loading here.
      regionExists: (_country, code) => !regions || regions.regions.some((r) => r.code === code),
    });
    if (problems.length > 0) {
      setErrors(Object.fromEntries(problems.map((p) => [p.field, t(`profile:${p.key}`, p.vars)])));
      setStatus({ kind: 'failed', message: t('profile:saveFailed') });
      return;
    }
    setStatus({ kind: 'saving' });
    const result = await saveProfile(body, t('errors.generic'));
    if (!result.ok) {
      const fields = Object.fromEntries(Object.entries(result.fields).map(([k, v]) => [k.split('.')[0]!, v]));
      setErrors(fields);
      setStatus({ kind: 'failed', message: Object.keys(fields).length > 0 ? t('profile:saveFailed') : result.message });
      return;
    }
    setErrors({});
    setForm(formOf(result.value.profile));
    setStatus({ kind: 'saved' });
    void revalidator.revalidate();
  }

  async function fillFromMyLocation() {
    setLocating('locating');
    const result = await locate({ store: true });
    const place = result.place;
    if (result.state === 'ok' && place?.country && settings.countries.includes(place.country)) {
      update({ country: place.country, region: place.region ?? '', city: place.city ?? '' });
      setPlaceName([place.city, place.region_name, countryName(locale, place.country)].filter(Boolean).join(', '));
      setLocating('ok');
      void revalidator.revalidate();
    } else {
      setLocating('failed');
    }
  }

  const field = (name: keyof FormState, id = `profile-${name}`) => ({
    id,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-error` : undefined,
  });
  const fieldError = (name: keyof FormState) =>
    errors[name] ? (
      <div id={`profile-${name}-error`} className="invalid-feedback d-block" data-testid={`error-${name}`}>
        {errors[name]}
      </div>
    ) : null;

  const select = (name: keyof FormState, label: string, options: readonly string[], labelKey: string, optional = true) => (
    <div className="col-12 col-sm-6 mb-3">
      <label htmlFor={`profile-${name}`} className="form-label">
        {label}
      </label>
      <select
        {...field(name)}
        className={`form-select${errors[name] ? ' is-invalid' : ''}`}
        value={form[name] as string}
        onChange={(e) => update({ [name]: e.currentTarget.value } as Partial<FormState>)}
      >
        {optional && <option value="">{t('profile:fields.notSaid')}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {t(`reference:${labelKey}.${o}`)}
          </option>
        ))}
      </select>
      {fieldError(name)}
    </div>
  );

  const appearance = (['hair_colour', 'eye_colour', 'body_type', 'tattoos'] as const).filter((f) => offered.has(f));

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="profile-form">
      <Section title={t('profile:sections.basics')} id="profile-basics">
        <div className="row">
          <div className="col-12 col-sm-6 mb-3">
            <label htmlFor="profile-name" className="form-label">
              {t('profile:fields.name')}
            </label>
            <input
              {...field('name')}
              className={`form-control${errors.name ? ' is-invalid' : ''}`}
              value={form.name}
              maxLength={100}
              autoComplete="nickname"
              onChange={(e) => update({ name: e.currentTarget.value })}
            />
            {fieldError('name')}
          </div>
          <div className="col-12 col-sm-6 mb-3">
            <label htmlFor="profile-date_of_birth" className="form-label">
              {t('profile:fields.dateOfBirth')}
            </label>
            <input
              {...field('date_of_birth')}
              type="date"
              className={`form-control${errors.date_of_birth ? ' is-invalid' : ''}`}
              value={form.date_of_birth}
              max={latestBirthDate(settings.min_age)}
              autoComplete="bday"
              onChange={(e) => update({ date_of_birth: e.currentTarget.value })}
            />
            {fieldError('date_of_birth')}
          </div>
          {select('gender', t('profile:fields.gender'), GENDERS, 'gender', false)}
        </div>
      </Section>

      {offered.has('about') && (
        <Section title={t('profile:sections.about')} id="profile-about-section">
          <label htmlFor="profile-about" className="visually-hidden">
            {t('profile:fields.about')}
          </label>
          <textarea
            {...field('about')}
            className={`form-control${errors.about ? ' is-invalid' : ''}`}
            rows={5}
            value={form.about}
            onChange={(e) => update({ about: e.currentTarget.value })}
          />
          <div className="form-text">{t('profile:fields.aboutHint', { count: form.about.length, max: ABOUT_MAX_LENGTH })}</div>
          {fieldError('about')}
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
          {fieldError('interests')}
        </Section>
      )}

      <Section title={t('profile:sections.location')} id="profile-location">
        <button type="button" className="btn btn-outline-primary mb-3" onClick={() => void fillFromMyLocation()} disabled={locating === 'locating'} data-testid="use-location">
          <span aria-hidden="true">📍</span> {t('profile:useLocation')}
        </button>
        {locating !== 'idle' && (
          <div className="small mb-3" role="status">
            {locating === 'locating' ? t('profile:locating') : locating === 'ok' ? t('profile:locationFound', { place: placeName }) : t('profile:locationFailed')}
          </div>
        )}
        <div className="row">
          <div className="col-12 col-md-4 mb-3">
            <label htmlFor="profile-country" className="form-label">
              {t('profile:fields.country')}
            </label>
            <select
              {...field('country')}
              className={`form-select${errors.country ? ' is-invalid' : ''}`}
              value={form.country}
              onChange={(e) => update({ country: e.currentTarget.value, region: '' })}
            >
              {settings.countries.map((c) => (
                <option key={c} value={c}>
                  {countryName(locale, c)}
                </option>
              ))}
            </select>
            {fieldError('country')}
          </div>
          <div className="col-12 col-md-4 mb-3">
            <label htmlFor="profile-region" className="form-label">
              {regions?.region_type_label ?? t('profile:fields.region')}
            </label>
            <select
              {...field('region')}
              className={`form-select${errors.region ? ' is-invalid' : ''}`}
              value={form.region}
              onChange={(e) => update({ region: e.currentTarget.value })}
            >
              <option value="">{t('profile:fields.noRegion')}</option>
              {/* The stored region stays selectable while the list loads. */}
              {!regions && form.region && <option value={form.region}>{form.region}</option>}
              {regions?.regions.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name}
                </option>
              ))}
            </select>
            {fieldError('region')}
          </div>
          <div className="col-12 col-md-4 mb-3">
            <label htmlFor="profile-city" className="form-label">
              {t('profile:fields.city')}
            </label>
            <input
              {...field('city')}
              className={`form-control${errors.city ? ' is-invalid' : ''}`}
              value={form.city}
              maxLength={CITY_MAX_LENGTH}
              autoComplete="address-level2"
              onChange={(e) => update({ city: e.currentTarget.value })}
            />
            {fieldError('city')}
          </div>
        </div>
      </Section>

      <div className="d-flex flex-wrap align-items-center gap-3 mb-4 position-sticky bottom-0 bg-body py-2">
        <button type="submit" className="btn btn-primary btn-lg" disabled={status.kind === 'saving'} data-testid="profile-save">
          {status.kind === 'saving' ? t('profile:saving') : t('profile:save')}
        </button>
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
