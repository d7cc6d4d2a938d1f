import { SettingSwitchCard } from './setting-switch-card';

/**
 * Whether pushes about messages show the message's text (off by default: a lock screen is
 * seen by others, so a push names only the sender).
 */
export function PushPreviewSwitch({ showText }: { showText: boolean }) {
  return <SettingSwitchCard intent="push-text" field="push_message_text" inputId="notifications-push-text" keys="settings:pushText" value={showText} />;
}
