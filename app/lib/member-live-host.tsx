import { useEffect } from 'react';
import type { User } from '../../common/auth/user-schema';
import { startMemberLive } from './member-live';

/**
 * Starts the member's live badges and periodic refresh on the pages of the default layout.
 * Rendered by the layout's extras (loaded on demand for members only), so that a visitor's
 * first page carries none of it (the home page's JavaScript budget, docs/performance.md).
 */
export function MemberLiveHost({ user }: { user: Pick<User, 'id' | 'unread_messages' | 'new_likes' | 'live_seq'> }) {
  const { id, unread_messages, new_likes, live_seq } = user;
  // Once per member: the counts come live (and from the refresh) after that.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => startMemberLive({ unread_messages, new_likes, live_seq }), [id]);
  return null;
}
