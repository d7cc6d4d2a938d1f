import { SettingSwitchCard } from './setting-switch-card';

/** Invisible mode (spec section 4): an invisible member is left out of every listing. */
export function InvisibleSection({ invisible }: { invisible: boolean }) {
  return <SettingSwitchCard intent="invisible" field="invisible" inputId="settings-invisible" keys="settings:invisible" value={invisible} />;
}
