import { data, useLoaderData } from 'react-router';
import type { Route } from './+types/notifications';
import { accountEndpoints } from '../../common/account/account-endpoints';
import { notificationsAction } from '../features/settings/settings-actions';
import { pageBundle } from '../features/settings/settings-bundle';
import { NotificationsPage } from '../features/settings/notifications-page';
import { readForm } from '../lib/form-body';
import { noindexMeta } from '../lib/route-meta';
import { loginRedirect } from '../lib/login-redirect.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.user) throw loginRedirect(new URL(request.url).pathname);
  const values = await context.api(accountEndpoints.notifications);
  if (!values.ok) throw data(values.message, { status: values.status });
  return { bundle: pageBundle(context.translations('settings')), values: values.body };
}

export async function action({ request, context }: Route.ActionArgs) {
  return notificationsAction(await readForm(request), context.api);
}

export const meta = noindexMeta;

export default function Notifications() {
  const { bundle, values } = useLoaderData<typeof loader>();
  return <NotificationsPage bundle={bundle} values={values} />;
}
