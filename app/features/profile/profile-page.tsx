import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Photo } from '../../../common/photos/photo-schema';
import { useBundles } from '../../i18n/react';
import { paths } from '../../paths';
import { useRootData } from '../../lib/use-root-data';
import { PhotoManager } from './photo-manager';
import { ProfileForm } from './profile-form';
import { PageTitle } from '../../components/page-title';

export interface ProfileBundles {
  profile: Record<string, unknown>;
  reference: Record<string, unknown>;
  photos: Record<string, unknown>;
}

/** /profile (spec section 2): the member's photos and the profile form. */
export function ProfilePage({ bundles, photos, renderUpload }: { bundles: ProfileBundles; photos: Photo[]; renderUpload: (onUploaded: (photo: Photo) => void) => ReactNode }) {
  const { t } = useBundles({ profile: bundles.profile, reference: bundles.reference });
  const { user } = useRootData();
  if (!user) return null;
  return (
    <div className="container py-4 py-md-5" style={{ maxWidth: 860 }}>
      <PageTitle text={t('profile:title')} />
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-4">
        <h1 className="h3 mb-0">{t('profile:title')}</h1>
        <Link to={paths.member(user.id)} data-testid="view-as-others">
          {t('profile:viewAsOthers')}
        </Link>
      </div>
      <PhotoManager initial={photos} paidUser={user.paid_user} renderUpload={renderUpload} />
      <ProfileForm user={user} />
    </div>
  );
}
