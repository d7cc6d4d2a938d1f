import type { User } from '../../../common/auth/user-schema';
import type { Db } from '../../db/database';
import { creditBalance } from '../credits/credits-repository';
import { totalUnread } from '../chat/chat-repository';
import { currentSeq } from '../member-events/member-events-repository';
import { countNewLikes } from '../likes/likes-repository';
import { memberPhotos, type MemberRow } from '../members/account-repository';
import { presentProfileFields } from '../members/profile-fields';
import type { PhotoUrls } from '../photos/photo-urls';

/**
 * The user object (spec section 3) of the logged-in member: their own data only. The
 * main image is theirs, so it is shown (signed) also while in inspection.
 */
export async function presentUser(db: Db, member: MemberRow, fictionalIcon: string, urls: PhotoUrls): Promise<User> {
  // First: every event after it is newer than the data read below (and than the page's).
  const liveSeq = await currentSeq(db, member.id);
  const [credits, pics, newLikes, unread] = await Promise.all([
    creditBalance(db, member.id),
    memberPhotos(db, member),
    countNewLikes(db, member.siteId, member.id),
    totalUnread(db, member.id),
  ]);
  return {
    id: member.id,
    email: member.email,
    status: member.status,
    credits,
    paid_user: member.paidUser,
    language: member.language,
    fictional_icon: fictionalIcon,
    notifications_disabled: member.notificationsDisabled,
    invisible: member.invisible,
    created_at: member.createdAt.toISOString(),
    new_likes: newLikes,
    unread_messages: unread,
    live_seq: liveSeq,
    profile: {
      id: member.id,
      ...presentProfileFields(member),
      details: { city: member.city, countryregion: member.regionCode },
      photo_count: pics.count,
      status: member.profileStatus,
      main_image: urls.mainImage(pics.main && { ...pics.main, memberId: member.id }, member.id),
    },
  };
}
