import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { ChatResponse } from '../../../common/chat/chat-schema';
import { liveConnection } from '../../lib/live-connection';
import { loadChat, markRead } from './chat-client';
import { advanceState, upsertMessage, type UiMessage } from './chat-state';

/** How long "{name} is typing…" stays after the last typing signal. */
const TYPING_SHOWN_MS = 4_000;

interface LiveConversationOptions {
  initial: ChatResponse;
  setMessages: Dispatch<SetStateAction<UiMessage[]>>;
  /** The conversation came to exist (the first message with this member). */
  onConversation: (conversation: number) => void;
  onRead: (conversation: number, totalUnread: number) => void;
  /** The live connection lost events: the conversation as the server has it now. */
  onReload: (fresh: ChatResponse) => void;
}

/**
 * The open conversation on the live connection: new messages, delivered and read ticks, the
 * typing indicator, a reload after a reset; and marking it read while it is open and visible.
 */
export function useLiveConversation({ initial, setMessages, onConversation, onRead, onReload }: LiveConversationOptions) {
  const profileId = initial.profile.id;
  const [conversation, setConversation] = useState(initial.conversation);
  const [typingUntil, setTypingUntil] = useState(0);
  const conversationRef = useRef(conversation);

  // Opening a chat sets its unread count to 0 (spec 4): when it is open and the tab visible.
  const readNow = useCallback(() => {
    const id = conversationRef.current;
    if (id === null || document.visibilityState !== 'visible') return;
    void markRead(id).then(
      (total) => onRead(id, total),
      () => undefined,
    );
  }, [onRead]);
  useEffect(() => {
    readNow();
    const onVisible = () => readNow();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [readNow]);

  const adopt = useCallback(
    (id: number) => {
      if (conversationRef.current === id) return;
      conversationRef.current = id;
      setConversation(id);
      onConversation(id);
    },
    [onConversation],
  );

  useEffect(() => {
    const live = liveConnection();
    const offEvent = live.onEvent((event) => {
      const current = conversationRef.current;
      if (event.kind === 'message') {
        if (event.message.conversation !== current && (current !== null || event.profile.id !== profileId)) return;
        adopt(event.message.conversation);
        setMessages((list) => upsertMessage(list, event.message));
        if (!event.message.mine) {
          setTypingUntil(0);
          readNow();
        }
      } else if (event.kind === 'read' && event.by === 'them' && event.conversation === current) {
        setMessages((list) => advanceState(list, event.up_to, 'read'));
      } else if (event.kind === 'delivered' && event.conversation === current) {
        setMessages((list) => advanceState(list, event.up_to, 'delivered'));
      }
    });
    const offTyping = live.onTyping((id) => {
      if (id === conversationRef.current) setTypingUntil(Date.now() + TYPING_SHOWN_MS);
    });
    const offReset = live.onReset(() => {
      const id = conversationRef.current;
      void loadChat(id === null ? { profile: profileId } : { id }).then(
        (fresh) => {
          onReload(fresh);
          if (fresh.conversation !== null) adopt(fresh.conversation);
        },
        () => undefined,
      );
    });
    return () => {
      offEvent();
      offTyping();
      offReset();
    };
  }, [adopt, profileId, readNow, setMessages, onReload]);

  // The typing indicator goes away by itself.
  useEffect(() => {
    if (typingUntil === 0) return;
    const timer = setTimeout(() => setTypingUntil(0), Math.max(0, typingUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [typingUntil]);

  return { conversation, adopt, typing: typingUntil > 0 };
}
