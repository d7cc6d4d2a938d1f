import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { DATA_EXPORT_URL } from '../../../common/account-deletion/account-deletion-rules';
import { accountDeletionEndpoints } from '../../../common/account-deletion/account-deletion-endpoints';
import { REACTIVATION_DAYS } from '../../../common/limits';
import { api } from '../../lib/api';
import { ApiClientError } from '../../lib/api-client';
import { useBundles } from '../../i18n/react';
import { useRootData } from '../../lib/use-root-data';
import { FormAlert } from '../../components/form-alert';
import { CurrentPasswordField } from '../../components/password-fields';
import { SubmitButton } from '../../components/submit-button';

// Loaded when the button is pressed: the page does not carry the modal's code, and the
// server never loads it (react-bootstrap's per-component entries are not ES modules).
const DeleteAccountDialog = lazy(() => import('./delete-account-dialog').then((m) => ({ default: m.DeleteAccountDialog })));

interface SectionProps {
  /** The account namespace in the page's language (`context.translations('account')` in the loader). */
  bundle: Record<string, unknown>;
}

/** Settings: delete the account (a danger button that opens the delete flow). */
export function DeleteAccountSection({ bundle }: SectionProps) {
  const { t } = useBundles({ account: bundle });
  const { company } = useRootData();
  const [open, setOpen] = useState(false);
  return (
    <AccountCard
      id="delete-account"
      className="card border-danger-subtle"
      title={t('account:delete.title')}
      intro={t('account:delete.intro', { days: REACTIVATION_DAYS })}
      after={
        open && (
          <Suspense fallback={null}>
            <DeleteAccountDialog discount={company.delete_discount} onClose={() => setOpen(false)} />
          </Suspense>
        )
      }
    >
      <button type="button" className="btn btn-outline-danger" onClick={() => setOpen(true)}>
        {t('account:delete.open')}
      </button>
    </AccountCard>
  );
}

/** The file name the server gives the export (Content-Disposition), else a plain one. */
function exportFilename(response: Response): string {
  return /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'data-export.json';
}

/**
 * Settings: download all of one's data (GDPR Art. 20). The current password is asked again
 * (a session left open on a shared device must not hand over everything); without JavaScript
 * the form posts natively and the browser saves the answer.
 */
export function DataExportSection({ bundle }: SectionProps) {
  const { t } = useBundles({ account: bundle });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function download(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const password = String(new FormData(form).get('password') ?? '');
    setBusy(true);
    setError(null);
    try {
      const response = await api.download(accountDeletionEndpoints.dataExport, { body: { password } });
      if (!response) return;
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = exportFilename(response);
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      form.reset();
    } catch (error) {
      setError(error instanceof ApiClientError ? error.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountCard id="data-export" className="card" title={t('account:export.title')} intro={t('account:export.intro')}>
      <form method="post" action={DATA_EXPORT_URL} onSubmit={(event) => void download(event)}>
        {error && (
          <FormAlert variant="danger" testId="data-export-error">
            {error}
          </FormAlert>
        )}
        <CurrentPasswordField id="data-export-password" label={t('account:export.password')} help={t('account:export.passwordHelp')} />
        <SubmitButton busy={busy} className="btn btn-outline-primary">
          {t('account:export.download')}
        </SubmitButton>
      </form>
    </AccountCard>
  );
}

/** A section of the account part of the settings: heading, what it does, its control (and a dialog it opens). */
function AccountCard({ id, className, title, intro, after, children }: { id: string; className: string; title: string; intro: string; after?: ReactNode; children: ReactNode }) {
  return (
    <section className={className} aria-labelledby={`${id}-title`} data-testid={`${id}-section`}>
      <div className="card-body">
        <h2 id={`${id}-title`} className="h5">
          {title}
        </h2>
        <p className="text-body-secondary">{intro}</p>
        {children}
      </div>
      {after}
    </section>
  );
}
