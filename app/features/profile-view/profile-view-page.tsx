import { useEffect } from 'react';
import type { MemberProfile } from '../../../common/profile-view/member-profile';
import { useBundles } from '../../i18n/react';
import { paths } from '../../paths';
import { useRootData } from '../../lib/use-root-data';
import { PhotoGallery } from './photo-gallery';
import { ProfileActions } from './profile-actions';
import { ProfileDetails } from './profile-details';
import { markProfileLikeSeen } from './profile-view-client';

export interface ProfileViewBundles {
  profileView: Record<string, unknown>;
  reference: Record<string, unknown>;
}

/** /members/{id} (route members-id): the public profile of one member. */
export function ProfileViewPage({ profile, bundles }: { profile: MemberProfile; bundles: ProfileViewBundles }) {
  useBundles({ 'profile-view': bundles.profileView, reference: bundles.reference });
  const { settings } = useRootData();
  // A visitor's buttons open the signup modal with a first message to this member.
  const signupHref = `${paths.member(profile.id)}?signup=${profile.id}`;

  useEffect(() => {
    if (profile.viewer !== 'visitor' && !profile.self) void markProfileLikeSeen(profile.id);
  }, [profile.id, profile.viewer, profile.self]);

  return (
    <div className="container py-3 py-md-4" data-testid="profile-view">
      <div className="row g-4">
        <div className="col-12 col-md-6 col-lg-5">
          <PhotoGallery name={profile.name} photos={profile.photos} viewer={profile.viewer} signupHref={signupHref} />
        </div>
        <div className="col-12 col-md-6 col-lg-7">
          <h1 className="h3 mb-1" data-testid="profile-name">
            {profile.name}
            {profile.age !== undefined && <span className="fw-normal">, {profile.age}</span>}
          </h1>
          {(profile.city || profile.region) && <p className="text-secondary mb-3">{[profile.city, profile.region].filter(Boolean).join(', ')}</p>}
          {profile.fictional && (
            <p className="alert alert-warning d-flex gap-2 align-items-start" role="note" data-testid="fictional-warning">
              <span aria-hidden="true">🎭</span>
              <span>
                <strong className="d-block text-capitalize">{settings.fictional_singular}</strong>
                {settings.fictional_warning}
              </span>
            </p>
          )}
          <div className="mb-4">
            <ProfileActions key={`${profile.id}-${profile.blocked_by_me}`} profile={profile} signupHref={signupHref} />
          </div>
          <ProfileDetails profile={profile} />
        </div>
      </div>
    </div>
  );
}

/** What a member sees of a profile whose owner blocked them (spec section 6): only that. */
export function BlockedByPage({ message }: { message: string }) {
  return (
    <div className="container py-4">
      <p className="alert alert-warning" role="alert" data-testid="blocked-by">
        {message}
      </p>
    </div>
  );
}
