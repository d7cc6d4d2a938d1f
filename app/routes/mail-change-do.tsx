import { useActionData, useLoaderData, useNavigation } from 'react-router';
import type { Route } from './+types/mail-change-do';
import { mailChangeConfirmAction } from '../features/settings/settings-actions';
import { pageBundle } from '../features/settings/settings-bundle';
import { MailChangeConfirm } from '../features/settings/mail-change-confirm';
import { readForm } from '../lib/form-body';
import { mailedLinkMeta } from '../lib/route-meta';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { bundle: pageBundle(context.translations('settings')), token: new URL(request.url).searchParams.get('token') ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  return mailChangeConfirmAction(await readForm(request), context.api);
}

export const meta = mailedLinkMeta;

export default function MailChangeDo() {
  const { bundle, token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return <MailChangeConfirm bundle={bundle} token={token} result={result} busy={navigation.state !== 'idle'} />;
}
