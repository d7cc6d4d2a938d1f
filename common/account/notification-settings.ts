import { z } from 'zod';

/** The e-mail notification types of spec section 9; every one is on until the member turns it off. */
export const EMAIL_NOTIFICATION_TYPES = [
  'new_conversations',
  'new_messages',
  'likes',
  'unread_reminders',
  'promotions',
  'weekly_updates',
  'news',
  'reminders',
] as const;
export type EmailNotificationType = (typeof EMAIL_NOTIFICATION_TYPES)[number];

/** Why e-mail notifications stopped (spec section 8): marked as spam, invalid address, unsubscribed by the mail client. */
export const NOTIFICATIONS_DISABLED_REASONS = ['fbl', 'bounce', 'listunsubscribe'] as const;
export type NotificationsDisabledReason = (typeof NOTIFICATIONS_DISABLED_REASONS)[number];

export function isDisabledReason(x: string): x is NotificationsDisabledReason {
  return (NOTIFICATIONS_DISABLED_REASONS as readonly string[]).includes(x);
}

const typeEnum = z.enum(EMAIL_NOTIFICATION_TYPES);

/** GET /api/notifications.php (also the answer of PUT). */
export const notificationSettingsSchema = z.object({
  email_notifications: z.record(typeEnum, z.boolean()),
  notifications_disabled: z.array(z.string()),
  invisible: z.boolean(),
  /** How many devices receive push notifications. */
  push_subscriptions: z.number().int(),
  /** Pushes about messages show their text (off: the sender's name only). */
  push_message_text: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/**
 * PUT /api/notifications.php: any of the parts. The member may only clear
 * notifications_disabled (turn e-mail back on); the reasons are set by the mail system.
 */
export const notificationSettingsUpdateSchema = z.strictObject({
  email_notifications: z.partialRecord(typeEnum, z.boolean()).optional(),
  invisible: z.boolean().optional(),
  push_message_text: z.boolean().optional(),
  notifications_disabled: z.tuple([]).optional(),
});
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdateSchema>;

/** The stored opt-outs as one switch per type. */
export function emailNotificationsOf(optOuts: readonly string[]): Record<EmailNotificationType, boolean> {
  const off = new Set(optOuts);
  return Object.fromEntries(EMAIL_NOTIFICATION_TYPES.map((type) => [type, !off.has(type)])) as Record<EmailNotificationType, boolean>;
}
