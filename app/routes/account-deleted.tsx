import { data, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import type { Route } from './+types/account-deleted';
import { accountDeletionEndpoints } from '../../common/account-deletion/account-deletion-endpoints';
import { ACCOUNT_DELETED_PATH, REACTIVATE_QUERY, type DeleteReason } from '../../common/account-deletion/account-deletion-rules';
import { AccountDeletedPage, type AccountDeletedActionData } from '../features/account-deletion/account-deleted-page';
import { paths } from '../paths';
import { readForm } from '../lib/form-body';
import { mailedLinkMeta } from '../lib/route-meta';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get(REACTIVATE_QUERY);
  // A member who is logged in has nothing to do here (unless reactivating another account).
  if (context.user && !token) throw redirect(paths.home());
  return { bundle: context.translations('account'), token, email: url.searchParams.get('email') ?? '' };
}

/** The delete-account dialog, the resend form and the reactivate button post here; each calls its API. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const field = (name: string) => String(form.get(name) ?? '');
  const intent = field('intent');
  if (intent === 'delete') {
    // The reason as posted: the API checks it against the list and answers in the visitor's language.
    const body = { password: field('password'), reason: (field('reason') || undefined) as DeleteReason | undefined, reason_text: field('reason_text').trim() || undefined };
    const result = await context.api(accountDeletionEndpoints.deleteAccount, { body });
    if (!result.ok) return data<AccountDeletedActionData>({ intent: 'delete', error: result.message }, { status: result.status });
    throw redirect(ACCOUNT_DELETED_PATH);
  }
  if (intent === 'reactivate') {
    const result = await context.api(accountDeletionEndpoints.reactivateDo, { body: { token: field('token') } });
    if (!result.ok) return data<AccountDeletedActionData>({ intent: 'reactivate', error: result.message }, { status: result.status });
    throw redirect(paths.home());
  }
  const result = await context.api(accountDeletionEndpoints.reactivate, { body: { email: field('email') } });
  if (!result.ok) return data<AccountDeletedActionData>({ intent: 'resend', error: result.message }, { status: result.status });
  return data<AccountDeletedActionData>({ intent: 'resend', sent: true });
}

export const meta = mailedLinkMeta;

export default function AccountDeleted() {
  const { bundle, token, email } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return <AccountDeletedPage bundle={bundle} token={token} email={email} result={result} busy={navigation.state !== 'idle'} />;
}
