import { data, useLoaderData } from 'react-router';
import type { Route } from './+types/member-profile';
import { profileViewEndpoints } from '../../common/profile-view/profile-view-endpoints';
import { PageTitle } from '../components/page-title';
import { BlockedByPage, ProfileViewPage } from '../features/profile-view/profile-view-page';
import { noindexMeta } from '../lib/route-meta';

/** /members/{id} (members-id): a member's profile, as GET /api/member.php gives it to this viewer. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  const result = await context.api(profileViewEndpoints.member, { query: { id } });
  const bundles = { profileView: context.translations('profile-view'), reference: context.translations('reference') };
  if (result.ok) return { profile: result.body, blocked: null, bundles };
  // Blocked by this member: the translated "You're blocked by {name}", nothing else of the profile.
  if (result.status === 403 && result.code === 'blockedBy') return { profile: null, blocked: result.message, bundles };
  throw data(result.status === 404 ? null : result.message, { status: result.status === 403 ? 403 : result.status });
}

export const meta = noindexMeta;

export default function MemberProfileRoute() {
  const { profile, blocked, bundles } = useLoaderData<typeof loader>();
  if (!profile) {
    return (
      <>
        <PageTitle text={blocked ?? ''} />
        <BlockedByPage message={blocked ?? ''} />
      </>
    );
  }
  return (
    <>
      {/* The member's name: the same in every language, like the profile's heading. */}
      <PageTitle text={profile.name} />
      <ProfileViewPage profile={profile} bundles={bundles} />
    </>
  );
}
