import type { User } from '../../common/auth/user-schema';
import { REFRESH_FIRST_AFTER_MS, REFRESH_INTERVAL_MS, REFRESH_INTERVAL_PUSH_MS } from '../../common/limits';
import { authEndpoints } from '../../common/auth/auth-endpoints';
import { api } from './api';
import { liveConnection, notePageSeq } from './live-connection';
import { hasAttentionCount, setAttentionCount, subscribe, total } from './attention-count';
import { announceLike } from './like-events';
import { setWallet } from './wallet';
import { notePushMessage } from './push-store';
import { onWorkerMessage } from './service-worker';

/**
 * What every page of a logged-in member runs (loaded on demand by the top bar and the chat
 * screens, never for visitors): the live connection's counts for the Messages and Likes
 * badges and the title prefix, the periodic refresh of the user and chats (spec 4, 9: every
 * 60 s, 300 s when push is subscribed, first after 5 s), the reload when a push arrives (spec
 * 4), and the installed app's badge.
 */
const refreshListeners = new Set<() => void>();
let users = 0;
let stopAll: (() => void) | null = null;

/** Called on every periodic refresh and after a live reset: the chat screens reload their data. */
export function onRefresh(listener: () => void): () => void {
  refreshListeners.add(listener);
  return () => refreshListeners.delete(listener);
}

/** Starts the member's live counts and refresh (once per tab however many callers); returns the stop function. */
export function startMemberLive(user: Pick<User, 'unread_messages' | 'new_likes' | 'live_seq'>): () => void {
  notePageSeq(user.live_seq);
  if (!hasAttentionCount('messages')) setAttentionCount('messages', user.unread_messages);
  if (!hasAttentionCount('likes')) setAttentionCount('likes', user.new_likes);
  users += 1;
  stopAll ??= start();
  return () => {
    users -= 1;
    if (users === 0) {
      stopAll?.();
      stopAll = null;
    }
  };
}

function start(): () => void {
  const live = liveConnection();
  const notify = () => {
    for (const l of refreshListeners) l();
  };
  const refreshUser = async () => {
    const body = await api.call(authEndpoints.currentUser).catch(() => null);
    if (!body || !body.user) return;
    setAttentionCount('messages', body.user.unread_messages);
    setAttentionCount('likes', body.user.new_likes);
    setWallet({ credits: body.user.credits, paid_user: body.user.paid_user });
  };
  const offEvent = live.onEvent((event) => {
    if (event.kind === 'message' || event.kind === 'read' || event.kind === 'chat_deleted') setAttentionCount('messages', event.total_unread_messages);
    // A purchase or refund (possibly on another tab or device): the top bar follows at once.
    if (event.kind === 'credits') setWallet({ credits: event.balance, paid_user: event.paid_user });
    if (event.kind === 'like') {
      setAttentionCount('likes', event.total_new_likes);
      // The likes page and badge listen to announced likes; a received like is news for them too.
      announceLike({ profileId: event.profile.id, state: event.match ? 'match' : 'liked' });
    }
  });
  const offReset = live.onReset(() => {
    void refreshUser();
    notify();
  });
  // A push reached this browser (spec 4): the counts, the chats (onRefresh) and the likes page (onPushMessage) reload.
  const offPush = onWorkerMessage((message) => {
    void refreshUser();
    notify();
    notePushMessage(message);
  });

  let timer: ReturnType<typeof setTimeout> | null = null;
  const schedule = (ms: number) => {
    timer = setTimeout(() => {
      void refreshUser();
      notify();
      void pushSubscribed().then((push) => schedule(push ? REFRESH_INTERVAL_PUSH_MS : REFRESH_INTERVAL_MS));
    }, ms);
  };
  schedule(REFRESH_FIRST_AFTER_MS);

  const setBadge = () => appBadge(total);
  setBadge();
  const offBadge = subscribe(setBadge);
  return () => {
    if (timer) clearTimeout(timer);
    offEvent();
    offReset();
    offPush();
    offBadge();
  };
}

/** Whether this browser receives push messages (then the refresh runs every 300 s instead of 60 s). */
async function pushSubscribed(): Promise<boolean> {
  try {
    if (!('serviceWorker' in navigator)) return false;
    const registration = await navigator.serviceWorker.getRegistration();
    return Boolean(await registration?.pushManager?.getSubscription());
  } catch {
    return false;
  }
}

/** The installed app's badge: unread messages plus new likes (spec 4); unsupported or refused is fine (spec 8). */
function appBadge(count: number): void {
  const nav = navigator as Navigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
  try {
    const done = count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.();
    done?.catch(() => undefined);
  } catch {
    // Ignored: the badge is a nicety (spec 8, "app badge failure: silently ignored").
  }
}
