import { useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import type { ChatResponse } from '../../../common/chat/chat-schema';
import { useTranslation } from '../../i18n/react';
import { errorMessage, loadChat } from './chat-client';
import { prependHistory, type UiMessage } from './chat-state';

interface OlderOptions {
  initial: ChatResponse;
  conversation: number | null;
  messages: UiMessage[];
  setMessages: Dispatch<SetStateAction<UiMessage[]>>;
  scroller: RefObject<HTMLDivElement | null>;
  setSticky: (sticky: boolean) => void;
  onError: (message: string) => void;
}

/** The history above the loaded messages: whether there is more, how much the plan hides, and loading it in place. */
export function useOlderMessages({ initial, conversation, messages, setMessages, scroller, setSticky, onError }: OlderOptions) {
  const { t } = useTranslation();
  const [history, setHistory] = useState({
    hasMore: initial.has_more,
    hidden: initial.hidden_messages,
    limit: initial.history_limit,
    loading: false,
  });

  const loadOlder = async () => {
    const first = messages.find((m) => !m.local);
    if (conversation === null || !first) return;
    setHistory((h) => ({ ...h, loading: true }));
    const el = scroller.current;
    const before = el ? el.scrollHeight - el.scrollTop : 0;
    try {
      const older = await loadChat({ id: conversation }, first.id);
      setSticky(false);
      setMessages((current) => prependHistory(current, older.messages));
      setHistory({
        hasMore: older.has_more,
        hidden: older.hidden_messages,
        limit: older.history_limit,
        loading: false,
      });
      // Keep what the member was reading in place.
      requestAnimationFrame(() => {
        if (el) el.scrollTop = el.scrollHeight - before;
      });
    } catch (error) {
      onError(errorMessage(error, t('errors.generic')));
      setHistory((h) => ({ ...h, loading: false }));
    }
  };
  return { history, loadOlder };
}
