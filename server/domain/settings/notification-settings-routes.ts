import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { notificationSettingsSchema, notificationSettingsUpdateSchema } from '../../../common/account/notification-settings';
import { pushSavedSchema, pushSubscriptionSchema, pushUnsubscribeSchema } from '../../../common/account/push-subscription';
import { notificationSettings, updateNotificationSettings } from './notification-settings';
import { addPushQueryConstraint, PUSH_CONSTRAINT } from './push-query-constraint';
import { deletePushSubscription, savePushSubscription } from './push-subscription-repository';

/** Documented under their real address: the login route shares the path without the query. */
const pushDocs = (url: string) => (doc: Parameters<typeof jsonSchemaTransform>[0]) => ({ ...jsonSchemaTransform(doc), url });

/** E-mail notification switches, invisible mode and push subscriptions (spec sections 2, 7, 8, 9). */
export const notificationSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  addPushQueryConstraint(app);

  app.get(
    '/api/notifications.php',
    { schema: { tags: ['settings'], summary: 'E-mail notification switches, why e-mail stopped, invisible mode, push devices', response: { 200: notificationSettingsSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const member = await request.requireMember();
      return notificationSettings(db, member.id);
    },
  );

  app.put(
    '/api/notifications.php',
    {
      schema: {
        tags: ['settings'],
        summary: 'Turn e-mail notification types on or off, e-mail back on, invisible mode on or off',
        body: notificationSettingsUpdateSchema,
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request) => {
      const member = await request.requireMember();
      const settings = await updateNotificationSettings(db, member.id, request.body);
      // Invisible mode hides the member from every listing now, not when their caches expire.
      if (request.body.invisible !== undefined && request.body.invisible !== member.invisible) app.listings.changed(member.siteId);
      return settings;
    },
  );

  app.post(
    '/api/user.php',
    {
      constraints: { [PUSH_CONSTRAINT]: '1' },
      schema: { tags: ['settings'], summary: 'Save a push subscription (PushSubscription JSON) for this device', body: pushSubscriptionSchema, response: { 200: pushSavedSchema } },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' }, swaggerTransform: pushDocs('/api/user.php?push=1') },
    },
    async (request) => {
      const member = await request.requireMember();
      const n = await savePushSubscription(db, member.id, request.body, request.headers['user-agent'] ?? '');
      return { ok: true as const, push_subscriptions: n };
    },
  );

  app.delete(
    '/api/user.php',
    {
      constraints: { [PUSH_CONSTRAINT]: '1' },
      schema: { tags: ['settings'], summary: "Stop push notifications to this device (its subscription's endpoint)", body: pushUnsubscribeSchema, response: { 200: pushSavedSchema } },
      config: { swaggerTransform: pushDocs('/api/user.php?push=1') },
    },
    async (request) => {
      const member = await request.requireMember();
      return { ok: true as const, push_subscriptions: await deletePushSubscription(db, member.id, request.body.endpoint) };
    },
  );
};
