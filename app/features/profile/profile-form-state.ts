import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import type { User } from '../../../common/auth/user-schema';
import { offeredProfileFields, profileProblems, type ProfileUpdate } from '../../../common/profile/profile-rules';
import type { InterestId } from '../../../common/reference/interests';
import { useRegions } from '../../components/region-select';
import { useTranslation } from '../../i18n/react';
import { useRootData } from '../../lib/use-root-data';
import { saveProfile } from './profile-api';

type Profile = User['profile'];

export interface FormState {
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

const orNull = <T extends string>(value: string) => (value === '' ? null : (value as T));

/** The update the form asks for: only the fields the site offers. */
function payload(form: FormState, offered: ReturnType<typeof offeredProfileFields>): ProfileUpdate {
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

export type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string };
export type Update = (patch: Partial<FormState>) => void;

/**
 * The own profile form's values, field errors and save status: checked here with the
 * server's rules first (common/profile), then saved; an edit clears its field's error.
 */
export function useProfileForm(user: User) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const revalidator = useRevalidator();
  const offered = offeredProfileFields(settings);
  const [form, setForm] = useState<FormState>(() => formOf(user.profile));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const regions = useRegions(form.country);

  const update: Update = (patch) => {
    setForm((f) => ({ ...f, ...patch }));
    setStatus((s) => (s.kind === 'saved' ? { kind: 'idle' } : s));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = payload(form, offered);
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

  return { offered, form, errors, status, regions, update, submit };
}
