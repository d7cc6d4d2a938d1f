import { useEffect, useState } from 'react';
import type { SignupDraft } from '../../../common/signup/signup-rules';
import { referenceEndpoints, type Interest } from '../../../common/reference/reference-endpoints';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import { lookingForOf, sexualityFor } from './signup-draft';
import { SelectField } from '../../components/form-field';

export type SignupField = 'email' | 'name' | 'password' | 'date_of_birth' | 'gender' | 'country' | 'region' | 'about' | 'signup_message';
export type FieldErrors = Partial<Record<SignupField, string>>;

export interface StepProps {
  draft: SignupDraft;
  update(patch: Partial<SignupDraft>): void;
  errors: FieldErrors;
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <div id={id} className="invalid-feedback d-block" role="alert">
      {message}
    </div>
  );
}

// The empty first choice of a select that has no answer yet.
const PICK = (
  <option value="" disabled>
    …
  </option>
);

/** "I am a ... looking for ...": gender and sexuality in two choices. */
export function IdentityChoice({ draft, update, errors }: StepProps) {
  const { t } = useTranslation();
  const lookingFor = lookingForOf(draft.gender, draft.sexuality);
  const choose = (gender: string, looking: string) => update({ gender, sexuality: gender && looking ? sexualityFor(gender, looking) : '' });
  return (
    <fieldset className="mb-3" aria-describedby={errors.gender ? 'signup-gender-error' : undefined}>
      <div className="row g-2">
        <SelectField
          id="signup-gender"
          className="col-6"
          label={t('signup:start.iAm')}
          value={draft.gender}
          onChange={(e) => choose(e.target.value, lookingFor || (e.target.value === 'male' ? 'women' : 'men'))}
          options={
            <>
              {PICK}
              <option value="male">{t('reference:gender.male')}</option>
              <option value="female">{t('reference:gender.female')}</option>
            </>
          }
        />
        <SelectField
          id="signup-looking"
          className="col-6"
          label={t('signup:start.lookingFor')}
          value={lookingFor}
          onChange={(e) => choose(draft.gender || 'male', e.target.value)}
          options={
            <>
              {PICK}
              {(['women', 'men', 'both'] as const).map((o) => (
                <option key={o} value={o}>
                  {t(`signup:start.lookingForOptions.${o}`)}
                </option>
              ))}
            </>
          }
        />
      </div>
      <FieldError id="signup-gender-error" message={errors.gender} />
    </fieldset>
  );
}

/** Step 0: a first message to the member the visitor came for, or the start of an account. */
export function StartStep(props: StepProps & { member: { name: string; thumb: string | null } | null; siteName: string; onSkipMessage(): void }) {
  const { t } = useTranslation();
  const { draft, update, errors, member } = props;
  if (!member) {
    return (
      <>
        <h2 className="h4">{t('signup:start.welcomeTitle', { siteName: props.siteName })}</h2>
        <p className="text-body-secondary">{t('signup:start.welcomeText')}</p>
        <IdentityChoice {...props} />
      </>
    );
  }
  return (
    <>
      <div className="d-flex align-items-center gap-3 mb-3">
        {member.thumb && <img src={member.thumb} alt="" width={64} height={64} className="rounded-circle object-fit-cover" />}
        <h2 className="h4 mb-0">{t('signup:start.messageTitle', { name: member.name })}</h2>
      </div>
      <label htmlFor="signup-message" className="form-label">
        {t('signup:start.messageLabel', { name: member.name })}
      </label>
      <textarea
        id="signup-message"
        className={`form-control${errors.signup_message ? ' is-invalid' : ''}`}
        rows={4}
        value={draft.signup_message}
        placeholder={t('signup:start.messagePlaceholder', { name: member.name })}
        onChange={(e) => update({ signup_message: e.target.value })}
        aria-describedby="signup-message-note"
      />
      <FieldError id="signup-message-error" message={errors.signup_message} />
      <div id="signup-message-note" className="form-text">
        {t('signup:start.messageNote', { name: member.name })}
      </div>
      <button type="button" className="btn btn-link px-0 mt-2" onClick={props.onSkipMessage}>
        {t('signup:start.justCreate')}
      </button>
    </>
  );
}

/** Step 1: an optional profile photo, uploaded once the account exists. */
export function PhotoStep({ photo, onPhoto }: { photo: File | null; onPhoto(file: File | null): void }) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);
  return (
    <>
      <h2 className="h4">{t('signup:photo.title')}</h2>
      <p className="text-body-secondary">{t('signup:photo.text')}</p>
      <div className="text-center mb-3">
        {preview ? (
          <img src={preview} alt="" className="rounded object-fit-cover" width={160} height={160} data-testid="signup-photo-preview" />
        ) : (
          <div className="rounded bg-body-tertiary d-inline-flex align-items-center justify-content-center fs-1" style={{ width: 160, height: 160 }} aria-hidden="true">
            📷
          </div>
        )}
      </div>
      <label htmlFor="signup-photo" className="form-label">
        {t('signup:photo.title')}
      </label>
      <input id="signup-photo" type="file" className="form-control" accept="image/jpeg,image/png,image/webp" onChange={(e) => onPhoto(e.target.files?.[0] ?? null)} />
      {photo && <div className="form-text">{t('signup:photo.chosen')}</div>}
    </>
  );
}

/** Step 4: about me and interests. */
export function AboutStep({ draft, update, errors }: StepProps) {
  const { t } = useTranslation();
  const [interests, setInterests] = useState<Interest[]>([]);
  useEffect(() => {
    let live = true;
    api
      .call(referenceEndpoints.interests)
      .then((list) => live && setInterests(list || []))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const toggle = (id: string) => update({ interests: draft.interests.includes(id) ? draft.interests.filter((i) => i !== id) : [...draft.interests, id] });
  return (
    <>
      <h2 className="h4">{t('signup:about.title')}</h2>
      <label htmlFor="signup-about" className="form-label">
        {t('signup:about.about')}
      </label>
      <textarea
        id="signup-about"
        className={`form-control mb-3${errors.about ? ' is-invalid' : ''}`}
        rows={4}
        maxLength={2000}
        value={draft.about}
        placeholder={t('signup:about.aboutPlaceholder')}
        onChange={(e) => update({ about: e.target.value })}
      />
      <FieldError id="signup-about-error" message={errors.about} />
      {interests.length > 0 && (
        <fieldset>
          <legend className="form-label fs-6">{t('signup:about.interests')}</legend>
          <div className="d-flex flex-wrap gap-2">
            {interests.map((interest) => (
              <button
                key={interest.id}
                type="button"
                className={`btn btn-sm rounded-pill ${draft.interests.includes(interest.id) ? 'btn-primary' : 'btn-outline-secondary'}`}
                aria-pressed={draft.interests.includes(interest.id)}
                onClick={() => toggle(interest.id)}
              >
                <span aria-hidden="true">{interest.icon}</span> {interest.name}
              </button>
            ))}
          </div>
        </fieldset>
      )}
      {/* Unticked until the member ticks it: consent to promotional mail is never assumed. The label row is a finger's height. */}
      <div className="form-check d-flex align-items-center gap-2 ps-0 mt-3" style={{ minHeight: 44 }}>
        <input id="signup-promotions" type="checkbox" className="form-check-input flex-shrink-0 m-0" checked={draft.promotions} onChange={(e) => update({ promotions: e.target.checked })} />
        <label htmlFor="signup-promotions" className="form-check-label flex-grow-1 py-2">
          {t('signup:about.promotions')}
        </label>
      </div>
    </>
  );
}
