import { lazy, Suspense, useState } from 'react';
import { DATA_EXPORT_URL } from '../../../common/account-deletion/account-deletion-rules';
import { REACTIVATION_DAYS } from '../../../common/limits';
import { ensureBundle } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/react';
import { useRootData } from '../shell/use-root-data';
import { ACCOUNT_NS } from './account-namespace';

// Loaded when the button is pressed: the page does not carry the modal's code, and the
// server never loads it (react-bootstrap's per-component entries are not ES modules).
const DeleteAccountDialog = lazy(() => import('./delete-account-dialog').then((m) => ({ default: m.DeleteAccountDialog })));

interface SectionProps {
  /** The account namespace in the page's language (`context.translations('account')` in the loader). */
  bundle: Record<string, unknown>;
}

/** Settings: delete the account (a danger button that opens the delete flow). */
export function DeleteAccountSection({ bundle }: SectionProps) {
  const { t, i18n } = useTranslation();
  ensureBundle(i18n, ACCOUNT_NS, bundle);
  const { company } = useRootData();
  const [open, setOpen] = useState(false);
  return (
    <section className="card border-danger-subtle" aria-labelledby="delete-account-title" data-testid="delete-account-section">
      <div className="card-body">
        <h2 id="delete-account-title" className="h5">
          {t('account:delete.title')}
        </h2>
        <p className="text-body-secondary">{t('account:delete.intro', { days: REACTIVATION_DAYS })}</p>
        <button type="button" className="btn btn-outline-danger" onClick={() => setOpen(true)}>
          {t('account:delete.open')}
        </button>
      </div>
      {open && (
        <Suspense fallback={null}>
          <DeleteAccountDialog discount={company.delete_discount} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}

/** Settings: download all of one's data (GDPR Art. 20); a plain link, works without JavaScript. */
export function DataExportSection({ bundle }: SectionProps) {
  const { t, i18n } = useTranslation();
  ensureBundle(i18n, ACCOUNT_NS, bundle);
  return (
    <section className="card" aria-labelledby="data-export-title" data-testid="data-export-section">
      <div className="card-body">
        <h2 id="data-export-title" className="h5">
          {t('account:export.title')}
        </h2>
        <p className="text-body-secondary">{t('account:export.intro')}</p>
        <a className="btn btn-outline-primary" href={DATA_EXPORT_URL} download>
          {t('account:export.download')}
        </a>
      </div>
    </section>
  );
}
