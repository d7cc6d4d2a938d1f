import { useLoaderData } from 'react-router';
import type { Route } from './+types/profile';
import { photosEndpoints } from '../../common/photos/photos-endpoints';
import { PhotoInput } from '../features/photos/photo-input';
import { ProfilePage } from '../features/profile/profile-page';
import { noindexMeta } from '../lib/route-meta';
import { loginRedirect } from '../lib/login-redirect.server';

/** /profile: own profile editing (spec section 2). */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.user) throw loginRedirect(new URL(request.url).pathname);
  const photos = await context.api(photosEndpoints.list, { query: {} });
  return {
    photos: photos.ok ? photos.body.photos : [],
    bundles: { profile: context.translations('profile'), reference: context.translations('reference'), photos: context.translations('photos') },
  };
}

export const meta = noindexMeta;

export default function Profile() {
  const { photos, bundles } = useLoaderData<typeof loader>();
  return <ProfilePage bundles={bundles} photos={photos} renderUpload={(onUploaded) => <PhotoInput bundle={bundles.photos} onUploaded={onUploaded} />} />;
}
