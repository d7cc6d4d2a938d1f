import { data, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/reset-password-do';
import { authEndpoints } from '../../common/auth/auth-endpoints';
import { NewPasswordForm } from '../features/auth/new-password-form';
import { paths } from '../paths';
import { readForm } from '../lib/form-body';
import { mailedLinkMeta } from '../lib/route-meta';

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  // Through the API, not the service: the page form gets the same rate limits as the API.
  const result = await context.api(authEndpoints.resetPasswordDo, { body: {
    token: String(form.get('token') ?? ''),
    password: String(form.get('password') ?? ''),
    password_confirmation: String(form.get('password_confirmation') ?? ''),
  } });
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  throw redirect(`${paths.login()}?reset=done`);
}

export const meta = mailedLinkMeta;

export default function ResetPasswordDo() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  return <NewPasswordForm token={params.get('token') ?? ''} error={result?.error} busy={navigation.state !== 'idle'} />;
}
