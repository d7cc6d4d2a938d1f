import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { useRootData } from '../../lib/use-root-data';

/** Spec section 2: the footer links; the US variant adds the US privacy notices. */
export function Footer() {
  const { t } = useTranslation();
  const { country, locale } = useRootData();
  const usVariant = country === 'US' && locale === 'en';
  const links = [
    { to: paths.page('terms'), label: t('footer.terms') },
    { to: paths.page('privacy'), label: usVariant ? t('footer.privacyUs') : t('footer.privacy') },
    { to: paths.page('cookies'), label: t('footer.cookies') },
    { to: paths.page('ban'), label: t('footer.ban') },
    { to: paths.pricing(), label: t('footer.pricing') },
    { to: paths.complaints(), label: t('footer.complaints') },
    { to: paths.page('return-policy'), label: t('footer.returnPolicy') },
    { to: paths.page('faq'), label: t('footer.faq') },
    { to: paths.page('service'), label: t('footer.service') },
  ];
  if (usVariant) links.push({ to: `${paths.page('privacy')}#your-choices`, label: t('footer.doNotSell') });
  return (
    <footer className="rv-footer py-4 mt-auto" data-testid={usVariant ? 'footer-us' : 'footer'}>
      <div className="container">
        <ul className="list-unstyled d-flex flex-wrap gap-3 mb-0 small">
          {links.map((l) => (
            <li key={l.to}>
              <Link to={l.to}>{l.label}</Link>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
