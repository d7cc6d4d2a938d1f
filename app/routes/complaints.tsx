import { data, useActionData, useLoaderData, useNavigation } from 'react-router';
import type { Route } from './+types/complaints';
import { complaintsEndpoints } from '../../common/complaints/complaints-endpoints';
import { ComplaintForm, type ComplaintActionData } from '../features/complaints/complaint-form';
import { readForm } from '../lib/form-body';
import { noindexMeta } from '../lib/route-meta';

/** /complaints (route complaints; footer link; a profile's Report link adds ?profile=<id>). */
export function loader({ request, context }: Route.LoaderArgs) {
  const profile = new URL(request.url).searchParams.get('profile') ?? '';
  return {
    bundle: context.translations('complaints'),
    memberEmail: context.user?.email ?? null,
    profileId: /^\d{1,10}$/.test(profile) ? profile : '',
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const values = Object.fromEntries(['category', 'text', 'profile_id', 'email'].map((name) => [name, String(form.get(name) ?? '')]));
  const result = await context.api(complaintsEndpoints.complaint, { body: { ...values, profile_id: values.profile_id || null } });
  if (!result.ok) return data<ComplaintActionData>({ ok: false, message: result.message, fields: result.fields, values }, { status: result.status });
  return { ok: true, id: result.body.id, email: context.user?.email ?? values.email!.trim() } satisfies ComplaintActionData;
}

export const meta = noindexMeta;

export default function Complaints() {
  const { bundle, memberEmail, profileId } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return <ComplaintForm bundle={bundle} memberEmail={memberEmail} profileId={profileId} result={result} busy={navigation.state === 'submitting'} />;
}
