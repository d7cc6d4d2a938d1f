import { data, redirect, useLoaderData } from 'react-router';
import type { Route } from './+types/signup';
import { SignupFlow, type SignupActionData } from '../features/signup/signup-flow';
import { useBundles } from '../i18n/react';
import { paths } from '../paths';
import { membersEndpoints } from '../../common/members/members-endpoints';
import { signupEndpoints } from '../../common/signup/signup-endpoints';
import type { RequestOf } from '../../common/api/endpoint';
import { noindexMeta } from '../lib/route-meta';

/** /signup and /members/{id}/signup (step 0 then writes to that member). */
export async function loader({ context, params }: Route.LoaderArgs) {
  if (context.user) throw redirect(context.user.status === 'not_confirmed' ? paths.completeSignup() : paths.home());
  const id = Number(params.id);
  const card = Number.isInteger(id) && id > 0 ? await context.api(membersEndpoints.memberCard, { query: { id } }) : null;
  const reference = context.translations('reference');
  return {
    member: card?.ok ? { id: card.body.id, name: card.body.name, thumb: card.body.photo?.thumb ?? null } : null,
    bundles: { signup: context.translations('signup'), reference: { gender: reference.gender } },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Passed on as posted: the API validates it and answers in the visitor's language.
  const body = (await request.json().catch(() => null)) as RequestOf<typeof signupEndpoints.signup>['body'];
  const result = await context.api(signupEndpoints.signup, { body });
  if (!result.ok) {
    return data<SignupActionData>({ ok: false, message: result.message, code: result.code, field: Object.keys(result.fields)[0] ?? null }, { status: result.status });
  }
  throw redirect(paths.completeSignup());
}

export const meta = noindexMeta;

export default function Signup() {
  const { member, bundles } = useLoaderData<typeof loader>();
  const { t } = useBundles({ signup: bundles.signup, reference: bundles.reference });
  return (
    <div className="container py-4 py-md-5" style={{ maxWidth: 560 }}>
      <title>{t('signup:metaTitle')}</title>
      <h1 className="h3 mb-4">{t('signup:title')}</h1>
      <div className="card card-body shadow-sm border-0">
        <SignupFlow member={member} />
      </div>
    </div>
  );
}
