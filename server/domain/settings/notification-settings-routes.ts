import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountEndpoints } from '../../../common/account/account-endpoints';
import { route } from '../../http/endpoint-route';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { notificationSettings, updateNotificationSettings } from './notification-settings';
import { addPushQueryConstraint, PUSH_CONSTRAINT } from '../../http/push-query-constraint';
import { deletePushSubscription, savePushSubscription } from './push-subscription-repository';
import { isAllowedPushEndpoint } from './push-endpoint-rule';
import { isP256PublicKey } from './push-key-rule';
import { ApiError } from '../../http/api-error';

/** Documented under their real address: the login route shares the path without the query. */
const pushDocs = (url: string) => (doc: Parameters<typeof jsonSchemaTransform>[0]) => ({ ...jsonSchemaTransform(doc), url });

/** E-mail notification switches, invisible mode and push subscriptions (spec sections 2, 7, 8, 9). */
export const notificationSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  addPushQueryConstraint(app);

  route(
    app,
    accountEndpoints.notifications,
    { schema: { tags: ['settings'], summary: 'E-mail notification switches, why e-mail stopped, invisible mode, push devices' } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const member = await request.requireMember();
      return notificationSettings(db, member.id);
    },
  );

  route(
    app,
    accountEndpoints.saveNotifications,
    {
      schema: {
        tags: ['settings'],
        summary: 'Turn e-mail notification types on or off, e-mail back on, invisible mode on or off, message text in pushes on or off',
      },
    },
    async (request) => {
      const member = await request.requireMember();
      const settings = await updateNotificationSettings(db, member.id, request.body);
      // Their message notices are decided afresh (a mail type turned on or off).
      app.messageNoticeFilter.forget(member.id);
      // Invisible mode hides the member from every listing now, not when their caches expire.
      if (request.body.invisible !== undefined && request.body.invisible !== member.invisible) app.listings.changed(member.siteId);
      return settings;
    },
  );

  route(
    app,
    accountEndpoints.savePush,
    {
      constraints: { [PUSH_CONSTRAINT]: '1' },
      schema: { tags: ['settings'], summary: 'Save a push subscription (PushSubscription JSON) for this device' },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' }, swaggerTransform: pushDocs(accountEndpoints.savePush.path) },
    },
    async (request) => {
      const member = await request.requireMember();
      if (!isAllowedPushEndpoint(request.body.endpoint, app.config.PUSH_TEST_ORIGIN)) throw new ApiError(400, 'settings:errors.pushEndpointRefused', {}, 'endpoint');
      if (!isP256PublicKey(request.body.keys.p256dh)) throw new ApiError(400, 'errors.invalidInput', {}, 'keys.p256dh');
      const n = await savePushSubscription(db, member.id, request.body, request.headers['user-agent'] ?? '');
      app.messageNoticeFilter.forget(member.id);
      return { ok: true as const, push_subscriptions: n };
    },
  );

  route(
    app,
    accountEndpoints.deletePush,
    {
      constraints: { [PUSH_CONSTRAINT]: '1' },
      schema: { tags: ['settings'], summary: "Stop push notifications to this device (its subscription's endpoint)" },
      config: { swaggerTransform: pushDocs(accountEndpoints.deletePush.path) },
    },
    async (request) => {
      const member = await request.requireMember();
      return { ok: true as const, push_subscriptions: await deletePushSubscription(db, member.id, request.body.endpoint) };
    },
  );
};
