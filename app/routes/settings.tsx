import { useLoaderData } from 'react-router';
import type { Route } from './+types/settings';
import { DataExportSection, DeleteAccountSection } from '../features/account-deletion';
import { settingsAction } from '../features/settings/settings-actions';
import { pageBundle } from '../features/settings/settings-bundle';
import { PurchasesSection, purchasesBundle } from '../features/payments/purchases-section';
import { SettingsPage } from '../features/settings/settings-page';
import { readForm } from '../lib/form-body';
import { noindexMeta } from '../lib/route-meta';
import { loginRedirect } from '../lib/login-redirect.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.user) throw loginRedirect(new URL(request.url).pathname);
  return {
    bundle: pageBundle(context.translations('settings')),
    accountBundle: context.translations('account'),
    paymentsBundle: purchasesBundle(context.translations('payments')),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return settingsAction(await readForm(request), context.api);
}

export const meta = noindexMeta;

export default function Settings() {
  const { bundle, accountBundle, paymentsBundle } = useLoaderData<typeof loader>();
  return (
    <SettingsPage bundle={bundle}>
      <div className="d-grid gap-4">
        <PurchasesSection bundle={paymentsBundle} />
        <DataExportSection bundle={accountBundle} />
        <DeleteAccountSection bundle={accountBundle} />
      </div>
    </SettingsPage>
  );
}
