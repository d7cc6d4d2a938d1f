import { Form, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { nativeLanguageName } from '../../../common/i18n/format';
import { DropdownMenu } from '../../components/dropdown-menu';
import { paths } from '../../paths';
import { useRootData } from '../../lib/use-root-data';

/** Spec section 2: shown only when more than one locale is visible for the visitor's country. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const { locale, visibleLocales } = useRootData();
  const location = useLocation();
  if (visibleLocales.length < 2) return null;
  const returnTo = location.pathname + location.search;
  return (
    <DropdownMenu
      label={locale.toUpperCase()}
      ariaLabel={`${t('language.choose')}: ${locale.toUpperCase()}`}
      buttonClassName="btn btn-link text-white text-decoration-none"
      testId="language-menu"
    >
      {(close) =>
        visibleLocales.map((l) => (
          <Form method="post" action={paths.langConfig()} key={l} onSubmit={close}>
            <input type="hidden" name="locale" value={l} />
            <input type="hidden" name="returnTo" value={returnTo} />
            <button type="submit" className={`dropdown-item ${l === locale ? 'active' : ''}`} lang={l} aria-current={l === locale ? 'true' : undefined}>
              {nativeLanguageName(l)}
            </button>
          </Form>
        ))
      }
    </DropdownMenu>
  );
}
