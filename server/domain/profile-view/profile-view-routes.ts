import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileViewEndpoints } from '../../../common/profile-view/profile-view-endpoints';
import { route } from '../../http/endpoint-route';
import { type ViewerKind } from '../../../common/profile-view/member-profile';
import { ApiError } from '../../http/api-error';
import { publishEvents } from '../member-events/publish-events';
import { removePhotoFiles } from '../photos/photo-service';
import { blockMember, unblockMember } from './block-repository';
import { presentProfile } from './profile-presenter';
import { blockBetween, findBlockableMember, findProfileMember, galleryPhotos, likePair } from './profile-repository';

const noBlock = { blockedMe: false, blockedByMe: false };
const noLike = { liked: false, likedByThem: false };

/**
 * The profile view (route members-id) and blocking. Who may be looked up follows
 * listedMemberConditions; a block is answered per direction: the blocked member gets a 403
 * naming the blocker (spec section 6), the blocker still sees the profile to unblock it.
 */
export const profileViewRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  route(
    app,
    profileViewEndpoints.member,
    {
      schema: { tags: ['members'], summary: "A member's public profile" },
    },
    async (request) => {
      const viewer = await request.currentMember();
      const site = request.visitor.site;
      const member = await findProfileMember(db, site.row.id, request.query.id, viewer?.id ?? null);
      if (!member) throw new ApiError(404, 'errors.notFound');
      const self = viewer?.id === member.id;
      const block = viewer && !self ? await blockBetween(db, viewer.id, member.id) : noBlock;
      if (block.blockedMe) throw new ApiError(403, 'profile-view:errors.blockedBy', { name: member.name });
      const kind: ViewerKind = !viewer ? 'visitor' : self ? 'self' : viewer.paidUser ? 'premium' : 'free';
      return presentProfile({
        member,
        viewer: kind,
        photos: await galleryPhotos(db, member),
        like: viewer && !self ? await likePair(db, viewer.id, member.id) : noLike,
        block,
        settings: site.row.settings,
        photoUrls: app.photoUrls,
        t: app.translations.t(request.visitor.locale),
      });
    },
  );

  const blockTarget = async (viewerId: number, siteId: number, profileId: number) => {
    if (profileId === viewerId) throw new ApiError(400, 'profile-view:errors.blockSelf');
    const member = await findBlockableMember(db, siteId, viewerId, profileId);
    if (!member) throw new ApiError(404, 'errors.notFound');
    return member;
  };

  route(
    app,
    profileViewEndpoints.block,
    {
      schema: { tags: ['members'], summary: 'Block a member (deletes likes and conversations between the two)' },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const viewer = await request.requireMember();
      const target = await blockTarget(viewer.id, request.visitor.site.row.id, request.body.profile_id);
      const { photoKeys, events } = await blockMember(db, viewer.id, target.id);
      publishEvents(app.liveBus, events);
      await removePhotoFiles(app.photoStorage, photoKeys, request.log);
      return { ok: true as const };
    },
  );

  route(
    app,
    profileViewEndpoints.unblock,
    {
      schema: { tags: ['members'], summary: 'Unblock a member' },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const viewer = await request.requireMember();
      if (request.body.profile_id === viewer.id) throw new ApiError(400, 'profile-view:errors.blockSelf');
      // No visibility check: a member can always lift their own block, even of a hidden profile.
      await unblockMember(db, viewer.id, request.body.profile_id);
      return { ok: true as const };
    },
  );
};
