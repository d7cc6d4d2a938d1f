import { Suspense } from 'react';
import type { User } from '../../common/auth/user-schema';
import { ActivationReminderHost } from '../features/signup/activation-reminder-host';
import { SignupModalHost } from '../features/signup/signup-modal-host';
import { EnrichAlertHost } from '../features/profile/enrich-alert-host';
import { DisabledAlertHost } from '../features/settings/disabled-alert-host';
import { PushAlertHost } from '../features/notifications/push-alert-host';
import { LikesHost } from '../features/likes/likes-host';
import { OffersHost } from '../features/offers/offers-host';
import { MemberLiveHost } from '../lib/member-live-host';

/**
 * What the default layout shows only to some: the member alerts under the top bar
 * (activation, profile photo, stopped e-mails, push, a non-paying member's offer banner), and the
 * overlays (new like, like modal, signup modal). One module loaded on demand, so a
 * visitor's first page carries none of it (the home page's JavaScript budget).
 */
export default function LayoutExtras({ part, user, signup = false }: { part: 'alerts' | 'overlays'; user: User | null; signup?: boolean }) {
  if (part === 'alerts') {
    return (
      <Suspense fallback={null}>
        {user && !user.paid_user && <OffersHost user={user} />}
        {user?.status === 'not_confirmed' && <ActivationReminderHost />}
        {user && !user.profile.main_image && <EnrichAlertHost />}
        {user && user.notifications_disabled.length > 0 && <DisabledAlertHost />}
        {user && <PushAlertHost />}
      </Suspense>
    );
  }
  return (
    <Suspense fallback={null}>
      {user && <LikesHost />}
      {user && <MemberLiveHost user={user} />}
      {signup && <SignupModalHost />}
    </Suspense>
  );
}
