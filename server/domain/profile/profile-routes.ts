import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileEndpoints } from '../../../common/profile/profile-endpoints';
import { route } from '../../http/endpoint-route';
import { OPTIONAL_PROFILE_FIELDS, offeredProfileFields, type OptionalProfileField } from '../../../common/profile/profile-rules';
import { presentUser } from '../current-user/current-user';
import { updateOwnProfile } from './profile-service';

/** The member's own profile (the /profile screen, spec sections 3 and 4). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  route(
    app,
    profileEndpoints.save,
    {
      schema: { tags: ['profile'], summary: 'Update the own profile (fields left out stay as they are)' },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const member = await request.requireMember();
      const settings = request.visitor.site.row.settings;
      // A section the site does not show is not the member's to set through the API either.
      const offered = offeredProfileFields(settings);
      const update = Object.fromEntries(
        Object.entries(request.body).filter(([field]) => !(OPTIONAL_PROFILE_FIELDS as readonly string[]).includes(field) || offered.has(field as OptionalProfileField)),
      ) as typeof request.body;
      const updated = await updateOwnProfile(db, member, settings, update);
      return { user: await presentUser(db, updated, settings.fictional_icon, app.photoUrls) };
    },
  );
};
