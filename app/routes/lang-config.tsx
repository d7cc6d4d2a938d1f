import { data, Form, redirect, useLoaderData } from 'react-router';
import { useTranslation } from '../i18n/react';
import type { Route } from './+types/lang-config';
import { authEndpoints } from '../../common/auth/auth-endpoints';
import { LOCALES, isLocale } from '../../common/reference/countries';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S } from '../../common/i18n/locale-resolution';
import { nativeLanguageName } from '../../common/i18n/format';
import { redirectTarget } from '../../common/http/redirect-target';
import { paths } from '../paths';
import { readForm } from '../lib/form-body';
import { noindexMeta } from '../lib/route-meta';

export async function loader({ context }: Route.LoaderArgs) {
  const visible = new Set(context.visibleLocales);
  // Languages of the visitor's country first, then every other one: nobody is locked out.
  return { current: context.locale, suggested: [...context.visibleLocales], others: LOCALES.filter((l) => !visible.has(l)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const locale = form.get('locale');
  if (!isLocale(locale)) throw data(null, { status: 400 });
  // A member's choice is also the account's language (spec 7), which their e-mails follow.
  if (context.user) {
    const saved = await context.api(authEndpoints.saveLanguage, { body: { language: locale } });
    if (!saved.ok) throw data(saved.message, { status: saved.status });
  }
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : '';
  const cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
  // Only this origin: the form must not become an open redirect.
  return redirect(redirectTarget(form.get('returnTo'), new URL(request.url).origin, paths.home()), { headers: { 'Set-Cookie': cookie } });
}

export const meta = noindexMeta;

export default function LangConfig() {
  const { t } = useTranslation();
  const { current, suggested, others } = useLoaderData<typeof loader>();
  const option = (l: (typeof LOCALES)[number]) => (
    <li key={l} className="col">
      <Form method="post">
        <input type="hidden" name="locale" value={l} />
        <input type="hidden" name="returnTo" value={paths.home()} />
        <button type="submit" lang={l} className={`btn w-100 ${l === current ? 'btn-primary' : 'btn-outline-primary'}`} aria-pressed={l === current}>
          {nativeLanguageName(l)}
        </button>
      </Form>
    </li>
  );
  return (
    <div className="container py-5" style={{ maxWidth: 720 }}>
      <title>{t('language.title')}</title>
      <h1 className="h3 mb-4">{t('language.title')}</h1>
      {suggested.length > 0 && others.length > 0 && <h2 className="h6 text-body-secondary">{t('language.suggested')}</h2>}
      <ul className="list-unstyled row row-cols-2 row-cols-md-3 g-2 mb-4" data-testid="languages-suggested">
        {suggested.map(option)}
      </ul>
      {others.length > 0 && (
        <>
          <h2 className="h6 text-body-secondary">{t('language.others')}</h2>
          <ul className="list-unstyled row row-cols-2 row-cols-md-3 g-2">{others.map(option)}</ul>
        </>
      )}
    </div>
  );
}
