import { useBundles } from '../../i18n/react';
import { ensureBundle } from '../../i18n/i18n';
import type { StaticPageName } from '../../paths';
import { useRootData } from '../../lib/use-root-data';
import { PageTitle } from '../../components/page-title';

interface Section {
  heading: string;
  paragraphs: string[];
}

interface StaticPageProps {
  name: StaticPageName;
  usPrivacy: boolean;
  bundle: Record<string, unknown>;
  usBundle: Record<string, unknown> | undefined;
  variables: Record<string, string | number>;
}

const WITH_CONTACT_BOX: ReadonlySet<StaticPageName> = new Set(['service', 'return-policy']);

/** Terms, privacy, cookies, access ban, return policy, FAQ and customer service. */
export function StaticPage({ name, usPrivacy, bundle, usBundle, variables }: StaticPageProps) {
  const { t, i18n } = useBundles({ pages: bundle });
  if (usBundle) ensureBundle(i18n, 'pages-us', usBundle);
  const { company, settings } = useRootData();
  const ns = usPrivacy ? 'pages-us' : 'pages';
  const title = t(`${ns}:${name}.title`, variables);
  const sections = t(`${ns}:${name}.sections`, { ...variables, returnObjects: true }) as unknown as Section[];
  return (
    <article className="container py-5 rv-legal" data-testid={`page-${name}`}>
      <PageTitle text={title} />
      <h1 className="mb-2">{title}</h1>
      <p className="text-body-secondary small">{t('pages:versionOf', variables)}</p>
      <p className="lead">{t(`${ns}:${name}.intro`, variables)}</p>
      {Array.isArray(sections) &&
        sections.map((section, i) => (
          <section key={i} id={i === sections.length - 1 && usPrivacy ? 'your-choices' : undefined}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map((p, j) => (
              <p key={j}>{p}</p>
            ))}
          </section>
        ))}
      {WITH_CONTACT_BOX.has(name) && (
        <aside className="card mt-4">
          <div className="card-body">
            <h2 className="h5 card-title">{t('pages:contactBlockTitle')}</h2>
            <address className="mb-0">
              {company.name}
              {company.addresses.multi_line.map((line) => (
                <span key={line} className="d-block">
                  {line}
                </span>
              ))}
              <a href={`mailto:${settings.support_email}`}>{settings.support_email}</a>
              <span className="d-block">
                <a href={`tel:${variables.supportPhone}`}>{variables.supportPhone}</a>
              </span>
            </address>
          </div>
        </aside>
      )}
    </article>
  );
}
