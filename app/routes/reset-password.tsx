import { data, useActionData, useNavigation } from 'react-router';
import type { Route } from './+types/reset-password';
import { authEndpoints } from '../../common/auth/auth-endpoints';
import { ResetRequestForm } from '../features/auth/reset-request-form';
import { readForm } from '../lib/form-body';
import { noindexMeta } from '../lib/route-meta';

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const email = String(form.get('email') ?? '');
  // Through the API, not the service: the page form gets the same rate limits as the API.
  const result = await context.api(authEndpoints.resetPassword, { body: { email } });
  return result.ok ? { sent: true as const, email } : data({ sent: false as const, email, error: result.message }, { status: result.status });
}

export const meta = noindexMeta;

export default function ResetPassword() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return <ResetRequestForm sent={result?.sent === true} error={result && !result.sent ? result.error : undefined} email={result?.email} busy={navigation.state !== 'idle'} />;
}
