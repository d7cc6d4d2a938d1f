import { useEffect, useRef, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';
import { dateOfBirthProblems, emailProblems, nameProblems, passwordProblems, type SignupDraft, type SignupProblem } from '../../../common/signup/signup-rules';
import { accountDeletionEndpoints } from '../../../common/account-deletion/account-deletion-endpoints';
import { membersEndpoints } from '../../../common/members/members-endpoints';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import { paths } from '../../paths';
import { useRootData } from '../../lib/use-root-data';
import { emptyDraft, loadDraft, saveDraft } from './signup-draft';
import { setPendingPhoto } from './pending-photo';
import { LocationStep } from './location-step';
import { PersonalStep } from './personal-step';
import { AboutStep, PhotoStep, StartStep, type FieldErrors, type SignupField } from './signup-steps';

export interface SignupMember {
  id: number;
  name: string;
  thumb: string | null;
}

/** What the signup route's action answers when signup fails (on success it redirects to the e-mail check). */
export type SignupActionData = { ok: false; message: string; code: string; field: string | null };

export interface SignupFlowProps {
  /** The member the visitor wants to write to (step 0 is then a message). */
  member: SignupMember | null;
  /** Tells a surrounding modal whether signup is in progress (then it must not close on a click outside). */
  onInProgress?(inProgress: boolean): void;
}

/** The member a signup writes to, as a public card (null when not listed). */
export async function fetchSignupMember(id: number): Promise<SignupMember | null> {
  try {
    const card = await api.call(membersEndpoints.memberCard, { query: { id } });
    return card ? { id: card.id, name: card.name, thumb: card.photo?.thumb ?? null } : null;
  } catch {
    return null;
  }
}

const STEPS = 5;
const STEP_OF_FIELD: Record<string, number> = { signup_message: 0, gender: 2, name: 2, email: 2, password: 2, date_of_birth: 2, country: 3, region: 3, about: 4 };

/** The signup flow of spec section 2: steps 0-4, then the account and the e-mail check. */
export function SignupFlow({ member, onInProgress }: SignupFlowProps) {
  const { t } = useTranslation();
  const { settings, country } = useRootData();
  const defaultCountry = country && settings.countries.includes(country) ? country : (settings.countries[0] ?? 'NL');
  const [draft, setDraft] = useState<SignupDraft>(() => emptyDraft(defaultCountry));
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<{ message: string; code: string } | null>(null);
  const [invalidDate, setInvalidDate] = useState(false);
  const fetcher = useFetcher<SignupActionData>();
  const handled = useRef<SignupActionData | null>(null);

  // The draft is read after hydration: the server cannot see sessionStorage.
  useEffect(() => setDraft(loadDraft(emptyDraft(defaultCountry))), [defaultCountry]);
  const inProgress = draft.step > 0 || Boolean(draft.email || draft.name || draft.signup_message || draft.gender);
  useEffect(() => onInProgress?.(inProgress), [inProgress, onInProgress]);

  const update = (patch: Partial<SignupDraft>) =>
    setDraft((current) => {
      const next = { ...current, ...patch };
      saveDraft(next);
      return next;
    });
  const message = (p: SignupProblem) => t(`signup:${p.key}`, p.vars);

  function problemsOf(step: number): FieldErrors {
    const found: FieldErrors = {};
    const add = (problems: SignupProblem[]) => problems.forEach((p) => (found[p.field] ??= message(p)));
    if (step === 0 && member && !draft.signup_message.trim()) found.signup_message = t('signup:errors.messageRequired');
    if (step === 0 && !member && !draft.gender) found.gender = t('signup:errors.gender');
    if (step === 2) {
      if (!draft.gender || !draft.sexuality) found.gender = t('signup:errors.gender');
      add(nameProblems(draft.name, draft.email));
      add(emailProblems(draft.email));
      add(passwordProblems(draft.password));
      add(dateOfBirthProblems(draft.date_of_birth, settings.min_age, new Date()));
    }
    if (step === 3 && !settings.countries.includes(draft.country)) found.country = t('signup:errors.country');
    return found;
  }

  function next() {
    const found = problemsOf(draft.step);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    if (draft.step < STEPS - 1) update({ step: draft.step + 1 });
    else submit();
  }

  function submit() {
    const body = {
      email: draft.email.trim(),
      name: draft.name.trim(),
      password: draft.password,
      date_of_birth: draft.date_of_birth,
      gender: draft.gender,
      sexuality: draft.sexuality,
      country: draft.country,
      region: draft.region || null,
      city: draft.city.trim() || null,
      about: draft.about.trim(),
      interests: draft.interests,
      promotions: draft.promotions,
      signup_message: member && draft.signup_message.trim() ? { member_id: member.id, text: draft.signup_message.trim() } : null,
    };
    // Uploaded by the complete-signup page once the account and its session exist.
    setPendingPhoto(photo);
    void fetcher.submit(body, { method: 'post', action: paths.signup(), encType: 'application/json' });
  }

  useEffect(() => {
    const result = fetcher.data;
    if (!result || fetcher.state !== 'idle' || handled.current === result) return;
    handled.current = result;
    const step = result.field ? STEP_OF_FIELD[result.field] : undefined;
    if (step !== undefined) {
      setErrors({ [result.field as SignupField]: result.message });
      update({ step });
    }
    setFailure({ message: result.message, code: result.code });
  }, [fetcher.data, fetcher.state]);

  const busy = fetcher.state !== 'idle';
  const last = draft.step === STEPS - 1;
  return (
    <div data-testid="signup-flow">
      <div className="d-flex justify-content-between align-items-center mb-2 small text-body-secondary">
        <span data-testid="signup-step">{t('signup:progress', { step: draft.step + 1, total: STEPS })}</span>
      </div>
      <div className="progress mb-4" role="progressbar" aria-label={t('signup:progress', { step: draft.step + 1, total: STEPS })} aria-valuenow={draft.step + 1} aria-valuemin={1} aria-valuemax={STEPS} style={{ height: 4 }}>
        <div className="progress-bar" style={{ width: `${((draft.step + 1) / STEPS) * 100}%` }} />
      </div>
      {failure && !Object.values(errors).includes(failure.message) && (
        <div className="alert alert-danger" role="alert" data-testid="signup-error">
          {failure.message}
        </div>
      )}
      {failure?.code === 'accountDeleted' && <ReactivationOffer email={draft.email} />}
      {draft.step === 0 && <StartStep draft={draft} update={update} errors={errors} member={member} siteName={settings.name} onSkipMessage={() => update({ signup_message: '', step: 1 })} />}
      {draft.step === 1 && <PhotoStep photo={photo} onPhoto={setPhoto} />}
      {draft.step === 2 && <PersonalStep draft={draft} update={update} errors={errors} onInvalidDate={() => setInvalidDate(true)} />}
      {draft.step === 3 && <LocationStep draft={draft} update={update} errors={errors} />}
      {draft.step === 4 && <AboutStep draft={draft} update={update} errors={errors} />}
      {last && (
        <p className="small text-body-secondary mt-3">
          {t('signup:about.legal', { minAge: settings.min_age })} <Link to={paths.page('terms')}>{t('footer.terms')}</Link> ·{' '}
          <Link to={paths.page('privacy')}>{t('footer.privacy')}</Link>
        </p>
      )}
      <div className="d-flex justify-content-between mt-4">
        {draft.step > 0 ? (
          <button type="button" className="btn btn-outline-secondary" onClick={() => update({ step: draft.step - 1 })} disabled={busy}>
            {t('signup:back')}
          </button>
        ) : (
          <span />
        )}
        <div className="d-flex gap-2">
          {draft.step === 1 && !photo && (
            <button type="button" className="btn btn-link" onClick={() => update({ step: 2 })}>
              {t('signup:photo.later')}
            </button>
          )}
          <button type="button" className="btn btn-primary px-4" onClick={next} disabled={busy} data-testid="signup-next">
            {last ? t(busy ? 'signup:about.submitting' : 'signup:about.submit') : draft.step === 0 && member ? t('signup:start.sendAndContinue') : t('signup:next')}
          </button>
        </div>
      </div>
      <ToastContainer position="top-center" className="p-3 position-fixed">
        <Toast bg="danger" show={invalidDate} onClose={() => setInvalidDate(false)} delay={4000} autohide role="alert">
          <Toast.Body className="text-white">{t('signup:errors.invalidDateOfBirth')}</Toast.Body>
        </Toast>
      </ToastContainer>
    </div>
  );
}

/** For the address of a deleted account: a button that e-mails its reactivation link. */
function ReactivationOffer({ email }: { email: string }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  async function send() {
    await api.call(accountDeletionEndpoints.reactivate, { body: { email } }).catch(() => undefined);
    setSent(true);
  }
  return sent ? (
    <div className="alert alert-info" role="status" data-testid="reactivation-sent">
      {t('signup:reactivate.sent')}
    </div>
  ) : (
    <button type="button" className="btn btn-outline-primary mb-3" onClick={() => void send()} data-testid="send-reactivation">
      {t('signup:reactivate.send')}
    </button>
  );
}
