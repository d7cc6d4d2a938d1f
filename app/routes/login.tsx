import { data, redirect, useActionData, useNavigation } from 'react-router';
import type { Route } from './+types/login';
import { authEndpoints } from '../../common/auth/auth-endpoints';
import { LoginForm } from '../features/auth/login-form';
import { redirectTarget } from '../../common/http/redirect-target';
import { paths } from '../paths';
import { readForm } from '../lib/form-body';
import { noindexMeta } from '../lib/route-meta';

export async function loader({ context }: Route.LoaderArgs) {
  if (context.user) throw redirect(paths.home());
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const email = String(form.get('email') ?? '');
  const result = await context.api(authEndpoints.login, { body: { email, password: String(form.get('password') ?? '') } });
  if (!result.ok) {
    // A deleted account (pending deletion) is offered its reactivation link instead.
    return data({ error: result.message, email, deletedAccount: result.code === 'accountDeleted' }, { status: result.status });
  }
  // Only this origin: the login form must not become an open redirect.
  throw redirect(redirectTarget(form.get('returnTo'), new URL(request.url).origin, paths.home()));
}

export const meta = noindexMeta;

export default function Login() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return <LoginForm error={result?.error} email={result?.email} deletedAccount={result?.deletedAccount ?? false} busy={navigation.state !== 'idle'} />;
}
