import type { TFunction } from 'i18next';
import { INTEREST_ICONS, INTEREST_IDS, type InterestId } from '../../../common/reference/interests';
import { ageOn } from '../../../common/members/member-tile';
import { visiblePhotoCount, type MemberProfile, type ProfilePhoto, type ViewerKind } from '../../../common/profile-view/member-profile';
import type { SiteSettingsRecord } from '../../../common/sites/site-settings';
import type { MemberRow } from '../members/account-repository';
import type { PhotoUrls, StoredPhoto } from '../photos/photo-urls';
import { findRegion } from '../reference/regions';
import type { BlockBetween, LikePair } from './profile-repository';

export interface ProfileInput {
  member: MemberRow;
  viewer: ViewerKind;
  photos: StoredPhoto[];
  like: LikePair;
  block: BlockBetween;
  settings: Pick<SiteSettingsRecord, 'visible_profile_fields' | 'visible_profile_notes'>;
  photoUrls: PhotoUrls;
  t: TFunction;
}

/**
 * Only photos the viewer may see get URLs (signed for uploads). A locked one is sent as
 * `{ locked: true }` alone, so neither its key nor its id can be used to reach the file:
 * the limit for visitors and free members holds on the server, not just in the page.
 */
export function presentPhotos(stored: StoredPhoto[], viewer: ViewerKind, urls: PhotoUrls): ProfilePhoto[] {
  const open = visiblePhotoCount(viewer);
  return stored.map((p, i) =>
    i < open ? { locked: false, id: p.id, url: urls.file(p.filename), thumb_url: urls.file(p.thumbFilename), width: p.width, height: p.height } : { locked: true },
  );
}

/** The public profile: only the fields the site's visible_profile_fields list; never e-mail, birth date or position. */
export function presentProfile(input: ProfileInput): MemberProfile {
  const { member, settings, t } = input;
  const shows = new Set(settings.visible_profile_fields);
  const profile: MemberProfile = {
    id: member.id,
    name: member.name,
    country: member.country,
    photos: presentPhotos(input.photos, input.viewer, input.photoUrls),
    fictional: member.fictional,
    like: { liked: input.like.liked, liked_by_them: input.like.likedByThem, match: input.like.liked && input.like.likedByThem },
    blocked_by_me: input.block.blockedByMe,
    self: input.viewer === 'self',
    viewer: input.viewer,
  };
  if (shows.has('age')) profile.age = ageOn(member.birthDate);
  if (shows.has('gender')) profile.gender = member.gender;
  if (shows.has('sexuality')) profile.sexuality = member.sexuality;
  if (shows.has('city')) {
    profile.city = member.city;
    profile.region = member.regionCode ? (findRegion(member.country, member.regionCode)?.name ?? null) : null;
  }
  if (shows.has('relationship_status')) profile.relationship_status = member.relationshipStatus;
  if (shows.has('body_type')) profile.body_type = member.bodyType;
  if (shows.has('hair_colour')) profile.hair_colour = member.hairColour;
  if (shows.has('eye_colour')) profile.eye_colour = member.eyeColour;
  if (shows.has('tattoos')) profile.tattoos = member.tattoos;
  if (shows.has('interests')) {
    profile.interests = member.interests
      .filter((id): id is InterestId => (INTEREST_IDS as readonly string[]).includes(id))
      .map((id) => ({ id, icon: INTEREST_ICONS[id], name: t(`reference:interests.${id}`) }));
  }
  // The about text is the member's own note; visible_profile_notes switches it off site-wide.
  if (shows.has('about') && settings.visible_profile_notes) profile.about = member.about;
  return profile;
}
