import { useActionData, useLoaderData, useNavigation } from 'react-router';
import type { Route } from './+types/mail-change-do';
import { mailChangeConfirmAction } from '../features/settings/settings-actions';
import { pageBundle } from '../features/settings/settings-bundle';
import { MailChangeConfirm } from '../features/settings/mail-change-confirm';
import { readForm } from '../lib/form-body';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { bundle: pageBundle(context.translations('settings')), token: new URL(request.url).searchParams.get('token') ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  return mailChangeConfirmAction(await readForm(request), context.api);
}

export function meta() {
  // The token is in the URL: keep it out of search engines and other sites' Referer headers.
  return [
    { name: 'robots', content: 'noindex' },
    { name: 'referrer', content: 'no-referrer' },
  ];
}

export default function MailChangeDo() {
  const { bundle, token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return <MailChangeConfirm bundle={bundle} token={token} result={result} busy={navigation.state !== 'idle'} />;
}
