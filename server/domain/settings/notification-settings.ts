import { EMAIL_NOTIFICATION_TYPES, emailNotificationsOf, type NotificationSettings, type NotificationSettingsUpdate } from '../../../common/account/notification-settings';
import type { Db } from '../../db/database';
import { countPushSubscriptions } from './push-subscription-repository';
import { readNotificationRow, updateNotificationRow } from './settings-repository';

/** The member's notification settings and invisible mode, as GET /api/notifications.php answers. */
export async function notificationSettings(db: Db, memberId: number): Promise<NotificationSettings> {
  const [row, push] = await Promise.all([readNotificationRow(db, memberId), countPushSubscriptions(db, memberId)]);
  return {
    email_notifications: emailNotificationsOf(row?.emailOptOuts ?? []),
    notifications_disabled: row?.notificationsDisabled ?? [],
    invisible: row?.invisible ?? false,
    push_subscriptions: push,
    push_message_text: row?.pushMessageText ?? false,
  };
}

/** Applies the parts of a PUT that are present; everything else stays as it is. */
export async function updateNotificationSettings(db: Db, memberId: number, update: NotificationSettingsUpdate): Promise<NotificationSettings> {
  const switches = update.email_notifications ?? {};
  await updateNotificationRow(db, memberId, {
    turnOn: EMAIL_NOTIFICATION_TYPES.filter((type) => switches[type] === true),
    turnOff: EMAIL_NOTIFICATION_TYPES.filter((type) => switches[type] === false),
    invisible: update.invisible,
    pushMessageText: update.push_message_text,
    clearDisabled: update.notifications_disabled !== undefined,
  });
  return notificationSettings(db, memberId);
}
