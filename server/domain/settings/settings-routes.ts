import type { FastifyPluginAsync } from 'fastify';
import { accountSettingsRoutes } from './account-settings-routes';
import { notificationSettingsRoutes } from './notification-settings-routes';

/** Every endpoint of the member's settings (the /settings and /notifications screens). */
export const settingsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(accountSettingsRoutes);
  await app.register(notificationSettingsRoutes);
};
