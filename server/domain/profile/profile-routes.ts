import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userResponseSchema } from '../../../common/auth/user-schema';
import { profileUpdateSchema } from '../../../common/profile/profile-rules';
import { presentUser } from '../members/user-presenter';
import { updateOwnProfile } from './profile-service';

/** The member's own profile (the /profile screen, spec sections 3 and 4). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.put(
    '/api/profile.php',
    {
      schema: { tags: ['profile'], summary: 'Update the own profile (fields left out stay as they are)', body: profileUpdateSchema, response: { 200: userResponseSchema } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const member = await request.requireMember();
      const settings = request.visitor.site.row.settings;
      const updated = await updateOwnProfile(db, member, settings, request.body);
      return { user: await presentUser(db, updated, settings.fictional_icon) };
    },
  );
};
