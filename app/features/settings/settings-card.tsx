import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';

/** One section of the settings and notifications pages: a card with its heading. */
export function SettingsCard({ id, title, spaced = false, children }: { id: string; title: string; spaced?: boolean; children: ReactNode }) {
  return (
    <section className="card card-body shadow-sm border-0 mb-4" aria-labelledby={id}>
      <h2 id={id} className={spaced ? 'h5 mb-3' : 'h5'}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The Save button of a form that saves on every change with JavaScript: shown only without it. */
export function NoScriptSave({ className }: { className: string }) {
  const { t } = useTranslation();
  return (
    <noscript>
      <button type="submit" className={className}>
        {t('settings:save')}
      </button>
    </noscript>
  );
}
