import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useBundles } from '../../i18n/react';
import { paths } from '../../paths';
import { useRootData } from '../../lib/use-root-data';
import { PageTitle } from '../../components/page-title';

/** The narrow centred page both activation outcomes share: tab title, heading, then the outcome. */
function ActivationPanel({ title, icon, children }: { title: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <div className="container py-5 text-center" style={{ maxWidth: 560 }}>
      <PageTitle text={title} />
      {icon && (
        <div className="fs-1" aria-hidden="true">
          {icon}
        </div>
      )}
      <h1 className="h3 mb-3">{title}</h1>
      {children}
    </div>
  );
}

/** /activate/done: the address is confirmed; the premium claim of spec section 1. */
export function ActivationDone({ bundle }: { bundle: Record<string, unknown> }) {
  const { t } = useBundles({ signup: bundle });
  const { user } = useRootData();
  return (
    <ActivationPanel title={t('signup:activation.doneTitle')} icon="✅">
      <p className="lead">{t('signup:activation.doneText')}</p>
      {!user?.paid_user && (
        <div className="card card-body border-secondary my-4">
          <p className="mb-3">{t('signup:activation.premium')}</p>
          <Link className="btn btn-secondary" to={paths.premium()}>
            {t('signup:activation.getPremium')}
          </Link>
        </div>
      )}
      <Link className="btn btn-primary btn-lg" to={user ? paths.members() : paths.login()} data-testid="activation-continue">
        {user ? t('signup:activation.startSearching') : t('signup:activation.logIn')}
      </Link>
    </ActivationPanel>
  );
}

/** /activate/error: 'Activation failed' with the site's support address (spec section 8). */
export function ActivationError({ bundle }: { bundle: Record<string, unknown> }) {
  const { t } = useBundles({ signup: bundle });
  const { settings } = useRootData();
  return (
    <ActivationPanel title={t('signup:activation.failed')}>
      <p className="lead" data-testid="activation-error-text">
        {t('signup:activation.failedText', { email: settings.support_email })}
      </p>
      <a href={`mailto:${settings.support_email}`} className="btn btn-outline-primary">
        {settings.support_email}
      </a>
    </ActivationPanel>
  );
}
