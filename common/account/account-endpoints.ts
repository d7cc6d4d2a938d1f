import { endpoint } from '../api/endpoint';
import { okResponseSchema } from '../api/ok-schema';
import { mailChangeConfirmResponseSchema, mailChangeConfirmSchema, mailChangeRequestResponseSchema, mailChangeRequestSchema } from './mail-change';
import { notificationSettingsSchema, notificationSettingsUpdateSchema } from './notification-settings';
import { passwordChangeSchema } from './password-change';
import { pushSavedSchema, pushSubscriptionSchema, pushUnsubscribeSchema } from './push-subscription';

/** Settings: password, e-mail address, notification switches and push devices (spec sections 2, 7). */
export const accountEndpoints = {
  changePassword: endpoint({ method: 'PUT', path: '/api/password.php', body: passwordChangeSchema, response: okResponseSchema }),
  requestMailChange: endpoint({ method: 'POST', path: '/api/mail-change.php', body: mailChangeRequestSchema, response: mailChangeRequestResponseSchema }),
  confirmMailChange: endpoint({ method: 'POST', path: '/api/mail-change-do.php', body: mailChangeConfirmSchema, response: mailChangeConfirmResponseSchema }),
  notifications: endpoint({ method: 'GET', path: '/api/notifications.php', response: notificationSettingsSchema }),
  saveNotifications: endpoint({ method: 'PUT', path: '/api/notifications.php', body: notificationSettingsUpdateSchema, response: notificationSettingsSchema }),
  savePush: endpoint({ method: 'POST', path: '/api/user.php?push=1', body: pushSubscriptionSchema, response: pushSavedSchema }),
  deletePush: endpoint({ method: 'DELETE', path: '/api/user.php?push=1', body: pushUnsubscribeSchema, response: pushSavedSchema }),
};
