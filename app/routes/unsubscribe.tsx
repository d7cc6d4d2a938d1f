import { useActionData, useLoaderData, useNavigation } from 'react-router';
import type { Route } from './+types/unsubscribe';
import { unsubscribeEndpoints } from '../../common/notifications/unsubscribe';
import type { EmailNotificationType } from '../../common/account/notification-settings';
import { UnsubscribePage, type UnsubscribeCheck, type UnsubscribeResult } from '../features/notifications/unsubscribe-page';
import { readForm } from '../lib/form-body';
import { mailedLinkMeta } from '../lib/route-meta';

/** The type's name as /notifications shows it (settings:notifications.types). */
function typeLabel(settings: Record<string, unknown>, type: EmailNotificationType): string {
  const types = (settings.notifications as { types?: Record<string, string> } | undefined)?.types;
  return types?.[type] ?? type;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const answer = await context.api(unsubscribeEndpoints.check, { query: { token } });
  const check: UnsubscribeCheck = answer.ok ? { ok: true, label: typeLabel(context.translations('settings'), answer.body.type) } : { ok: false, message: answer.message };
  return { bundle: context.translations('unsubscribe'), token, check };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const token = form.get('token');
  const answer = await context.api(unsubscribeEndpoints.unsubscribe, { query: { token: typeof token === 'string' ? token : '' }, body: { 'List-Unsubscribe': 'One-Click' } });
  return (answer.ok ? { ok: true, label: typeLabel(context.translations('settings'), answer.body.type) } : { ok: false, message: answer.message }) satisfies UnsubscribeResult;
}

export const meta = mailedLinkMeta;

export default function Unsubscribe() {
  const { bundle, token, check } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return <UnsubscribePage bundle={bundle} token={token} check={check} result={result} busy={navigation.state !== 'idle'} />;
}
