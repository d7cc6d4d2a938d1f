import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import Modal from 'react-bootstrap/Modal';
import type { ChatListItem, ChatResponse, ChatsResponse, LiveEvent } from '../../../common/chat/chat-schema';
import { useBundles } from '../../i18n/react';
import { liveConnection } from '../../lib/live-connection';
import { paths } from '../../paths';
import { setAttentionCount } from '../../lib/attention-count';
import { useRootData } from '../../lib/use-root-data';
import { chatsLoaded, deleteChat, errorMessage, loadChats } from './chat-client';
import { ChatList } from './chat-list';
import { onRefresh, startMemberLive } from '../../lib/member-live';
import { applyToChats, markChatRead, removeChat } from './chat-state';
import { Conversation } from './conversation';
import { ChatIcon } from './chat-icons';
import { PageTitle } from '../../components/page-title';
import { ChatModalHeader } from './chat-modal-header';

interface DeleteTarget {
  conversation: number;
  name: string;
}

interface ChatsScreenProps {
  bundle: Record<string, unknown>;
  initialChats: ChatsResponse;
  /** The open conversation (null on /chats: the list alone, or beside a hint on wide screens). */
  chat: ChatResponse | null;
  /** ?gift=1: the gift picker opens at once (the profile's gift button). */
  openGift?: boolean;
}

/**
 * The chat screens (spec 2, 9): the conversation list (300-400 px) beside the open
 * conversation (at most 800 px). On a phone (< 768 px) they are separate views.
 */
export function ChatsScreen({ bundle, initialChats, chat, openGift = false }: ChatsScreenProps) {
  const { t } = useBundles({ chat: bundle });
  const { user } = useRootData();
  const navigate = useNavigate();
  const [chats, setChats] = useState(initialChats);
  const [failure, setFailure] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<DeleteTarget | null>(null);
  const [openConversation, setOpenConversation] = useState<number | null>(chat?.conversation ?? null);
  const openRef = useRef(openConversation);
  useEffect(() => {
    openRef.current = openConversation;
  }, [openConversation]);

  useEffect(() => setChats(initialChats), [initialChats]);
  useEffect(() => setOpenConversation(chat?.conversation ?? null), [chat]);
  useEffect(() => {
    chatsLoaded();
    setAttentionCount('messages', initialChats.total_unread_messages);
    setAttentionCount('likes', initialChats.total_new_likes);
  }, [initialChats]);

  const reload = useCallback(() => void loadChats().then(setChats, () => undefined), []);

  // The chat layout has no top bar: the live counts and the periodic refresh start here too.
  const unread = user?.unread_messages ?? 0;
  const newLikes = user?.new_likes ?? 0;
  const liveSeq = user?.live_seq ?? 0;
  // The seq is only read before the first connection: it need not restart anything.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => startMemberLive({ unread_messages: unread, new_likes: newLikes, live_seq: liveSeq }), [unread, newLikes]);
  useEffect(() => onRefresh(reload), [reload]);
  useEffect(() => {
    const live = liveConnection();
    const offEvent = live.onEvent((event) => {
      if (event.kind === 'like') {
        if (event.match) reload();
        return;
      }
      setChats((current) => applyToChats(current, event, openRef.current));
      if (event.kind === 'chat_deleted' && event.conversation === openRef.current) void navigate(paths.chats(), { replace: true });
    });
    return offEvent;
  }, [navigate, reload]);

  const remove = async ({ conversation }: DeleteTarget) => {
    setToDelete(null);
    setFailure(null);
    // Spec 4: the chat leaves the list at once, then the server deletes it.
    setChats((current) => removeChat(current, conversation));
    if (conversation === openConversation) void navigate(paths.chats(), { replace: true });
    try {
      await deleteChat({ conversation });
    } catch (error) {
      setFailure(errorMessage(error, t('chat:errors.deleteFailed')));
      reload();
    }
  };

  const onRead = useCallback((conversation: number, total: number) => setChats((current) => markChatRead(current, conversation, total)), []);
  const onSent = useCallback(
    // The member's own message: the list's totals stay as they are.
    (event: Extract<LiveEvent, { kind: 'message' }>) => setChats((current) => applyToChats(current, { ...event, total_unread_messages: current.total_unread_messages }, openRef.current)),
    [],
  );

  const hasConversation = chat !== null;
  return (
    <div className="rv-chat" data-testid="chat-screen">
      <PageTitle text={chat ? chat.profile.name : t('chat:title')} />
      <aside className={`rv-chat-list${hasConversation ? ' d-none d-md-flex' : ''}`} aria-label={t('chat:listLabel')}>
        <ChatList chats={chats} activeConversation={openConversation} activeProfile={chat?.profile.id ?? null} failure={failure} onDismissFailure={() => setFailure(null)} onDelete={(item: ChatListItem) => setToDelete({ conversation: item.conversation.id, name: item.profile.name })} />
      </aside>
      <section className={`rv-chat-main${hasConversation ? '' : ' d-none d-md-flex'}`} aria-label={chat ? t('chat:conversationWith', { name: chat.profile.name }) : undefined}>
        {chat ? (
          <Conversation
            key={chat.conversation ?? `p${chat.profile.id}`}
            initial={chat}
            openGift={openGift}
            onConversation={setOpenConversation}
            onRead={onRead}
            onSent={onSent}
            onDelete={(conversation) => setToDelete({ conversation, name: chat.profile.name })}
          />
        ) : (
          <div className="rv-chat-placeholder text-body-secondary" data-testid="chat-placeholder">
            <ChatIcon className="display-4" />
            <p className="mt-2 mb-0">{chats.chats.length > 0 ? t('chat:pickChat') : t('chat:noChatsHint')}</p>
          </div>
        )}
      </section>
      <Modal show={toDelete !== null} onHide={() => setToDelete(null)} size="sm" centered>
        <ChatModalHeader title={t('chat:delete.title')} />
        <Modal.Body>{t('chat:delete.text', { name: toDelete?.name ?? '' })}</Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={() => setToDelete(null)}>
            {t('chat:cancel')}
          </button>
          <button type="button" className="btn btn-danger" onClick={() => toDelete && void remove(toDelete)} data-testid="confirm-delete-chat">
            {t('chat:delete.confirm')}
          </button>
        </Modal.Footer>
      </Modal>
    </div>
  );
}
