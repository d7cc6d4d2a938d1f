import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';

const STEPS = ['profile', 'discover', 'chat'] as const;
const ICONS: Record<(typeof STEPS)[number], string> = { profile: '📸', discover: '💘', chat: '💬' };

export function HowItWorks() {
  const { t } = useTranslation();
  return (
    <section className="container py-5" aria-labelledby="how-it-works">
      <h2 id="how-it-works" className="h3 text-center mb-4">
        {t('home.howTitle')}
      </h2>
      <div className="row g-4">
        {STEPS.map((step) => (
          <div className="col-md-4" key={step}>
            <div className="card h-100 border-0 shadow-sm text-center p-3">
              <div className="fs-1" aria-hidden="true">
                {ICONS[step]}
              </div>
              <h3 className="h5 mt-2">{t(`home.steps.${step}.title`)}</h3>
              <p className="text-body-secondary mb-0">{t(`home.steps.${step}.text`)}</p>
            </div>
          </div>
        ))}
      </div>
      <div className="text-center mt-4">
        <Link className="btn btn-primary btn-lg" to={paths.signup()}>
          {t('home.signupCta')}
        </Link>
      </div>
    </section>
  );
}
