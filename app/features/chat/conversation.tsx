import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ChatResponse, Gift, LiveEvent, SendMessage } from '../../../common/chat/chat-schema';
import { useTranslation } from '../../i18n/react';
import { liveConnection } from '../../lib/live-connection';
import { paths } from '../../paths';
import { useRootData } from '../../lib/use-root-data';
import { checkChatPhoto, errorCode, errorMessage, loadChat, sendMessage, uploadChatPhoto } from './chat-client';
import { Avatar } from './chat-list';
import { BuyPrompt, CannotWriteNotice, CostHint, UnconfirmedNotice } from './chat-notices';
import { newClientId, prependHistory, upsertMessage, type UiMessage } from './chat-state';
import { Composer } from './composer';
import { ConversationHeader } from './conversation-header';
import { GiftPicker } from './gift-picker';
import { IcebreakerModal } from './icebreaker-modal';
import { MessageList } from './message-list';
import { useLiveConversation } from './use-live-conversation';

type Outgoing = Pick<SendMessage, 'kind' | 'text' | 'photo_id' | 'gift'> & {
  file?: Blob;
  preview?: string;
};

interface ConversationProps {
  initial: ChatResponse;
  openGift: boolean;
  onConversation: (conversation: number) => void;
  onRead: (conversation: number, totalUnread: number) => void;
  onSent: (event: Extract<LiveEvent, { kind: 'message' }>) => void;
  onDelete: (conversation: number) => void;
}

/** One conversation: header, history, notices and the composer (spec 2, 4, 6). */
export function Conversation({ initial, openGift, onConversation, onRead, onSent, onDelete }: ConversationProps) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const { profile } = initial;
  const [messages, setMessages] = useState<UiMessage[]>(initial.messages);
  const [history, setHistory] = useState({
    hasMore: initial.has_more,
    hidden: initial.hidden_messages,
    limit: initial.history_limit,
    loading: false,
  });
  const [wallet, setWallet] = useState(initial.wallet);
  const [cannotWrite, setCannotWrite] = useState(initial.cannot_write);
  const [draft, setDraft] = useState('');
  const [buyPrompt, setBuyPrompt] = useState(false);
  const [giftPicker, setGiftPicker] = useState(false);
  const [icebreaker, setIcebreaker] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const outgoing = useRef(new Map<string, Outgoing>());
  const scroller = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const maxLength = settings.message_length;
  const onReload = useCallback((fresh: ChatResponse) => {
    // What was confirmed while the reload was on its way stays, as do messages still being sent.
    const newest = fresh.messages.at(-1)?.id ?? 0;
    setMessages((current) => [...fresh.messages, ...current.filter((m) => m.local || m.id > newest)]);
    setWallet(fresh.wallet);
    setCannotWrite(fresh.cannot_write);
  }, []);
  const { conversation, adopt, typing } = useLiveConversation({ initial, setMessages, onConversation, onRead, onReload });

  // ?gift=1 opens the gift picker; an empty conversation offers the icebreaker. After hydration:
  // the server renders no dialogs.
  useEffect(() => {
    if (initial.cannot_write !== null) return;
    if (openGift) setGiftPicker(true);
    else if (initial.conversation === null && initial.messages.length === 0) setIcebreaker(true);
  }, [initial, openGift]);

  // New messages scroll into view when the member is at the bottom (or wrote them).
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && stickToBottom.current) el.scrollTop = el.scrollHeight;
  }, [messages, typing]);
  // The composer grows with its text (and the keyboard opens on a phone): the newest messages stay in view.
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (stickToBottom.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const onScroll = () => {
    const el = scroller.current;
    if (el) stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
  };

  const deliver = async (clientId: string) => {
    const item = outgoing.current.get(clientId);
    if (!item) return;
    const fail = (error: unknown) => {
      const code = errorCode(error);
      if (code === 'notEnoughCredits') setBuyPrompt(true);
      if (code === 'conversationLimit') setCannotWrite('conversation_limit');
      if (code === 'blocked') setCannotWrite('blocked');
      if (code === 'unconfirmedOther') setCannotWrite('unconfirmed_other');
      if (code === 'memberNotFound') setCannotWrite('closed');
      setMessages((current) =>
        current.map((m) =>
          m.client_id === clientId
            ? {
                ...m,
                local: 'failed',
                error: errorMessage(error, t('chat:notSent')),
              }
            : m,
        ),
      );
    };
    try {
      // A photo is uploaded first (once: a retry after a failed send reuses the stored photo).
      if (item.kind === 'photo' && item.photo_id === undefined && item.file) {
        const upload = await uploadChatPhoto(item.file, t);
        item.photo_id = upload.photo_id;
      }
      const { file: _file, preview: _preview, ...payload } = item;
      const result = await sendMessage({
        ...payload,
        profile: profile.id,
        client_id: clientId,
      });
      outgoing.current.delete(clientId);
      // The server's photo replaces the local preview: its memory can go.
      if (item.preview) setTimeout(() => URL.revokeObjectURL(item.preview!), 10_000);
      setWallet(result.wallet);
      adopt(result.message.conversation);
      setMessages((current) => upsertMessage(current, result.message));
      onSent({
        kind: 'message',
        message: result.message,
        profile,
        conversation_unread: 0,
        total_unread_messages: -1,
      });
    } catch (error) {
      fail(error);
    }
  };

  const send = (item: Outgoing, preview?: UiMessage['photo']) => {
    setNotice(null);
    stickToBottom.current = true;
    const clientId = newClientId();
    outgoing.current.set(clientId, item);
    const pending: UiMessage = {
      id: -Date.now(),
      conversation: conversation ?? 0,
      client_id: clientId,
      mine: true,
      kind: item.kind,
      text: item.text ?? '',
      photo: preview ?? null,
      gift: item.gift ?? null,
      created_at: new Date().toISOString(),
      state: 'sent',
      local: 'sending',
    };
    setMessages((current) => [...current, pending]);
    void deliver(clientId);
  };

  const sendText = () => {
    const text = draft.trim();
    if (!text) return;
    if ([...text].length > maxLength) return setNotice(t('chat:errors.tooLong', { max: maxLength }));
    setDraft('');
    send({ kind: 'text', text });
  };
  const sendPhoto = (file: File) => {
    const problem = checkChatPhoto(file, t);
    if (problem) return setNotice(problem);
    const url = URL.createObjectURL(file);
    send({ kind: 'photo', file, preview: url }, { url, thumb: url, width: 240, height: 240 });
  };
  const sendGift = (gift: Gift) => {
    setGiftPicker(false);
    send({ kind: 'gift', gift: gift.id });
  };
  const retry = (message: UiMessage) => {
    if (!message.client_id) return;
    setMessages((current) => current.map((m) => (m.client_id === message.client_id ? { ...m, local: 'sending', error: undefined } : m)));
    void deliver(message.client_id);
  };
  const discard = (message: UiMessage) => {
    const item = message.client_id ? outgoing.current.get(message.client_id) : undefined;
    if (item?.preview) URL.revokeObjectURL(item.preview);
    if (message.client_id) outgoing.current.delete(message.client_id);
    setMessages((current) => current.filter((m) => m !== message));
  };

  const loadOlder = async () => {
    const first = messages.find((m) => !m.local);
    if (conversation === null || !first) return;
    setHistory((h) => ({ ...h, loading: true }));
    const el = scroller.current;
    const before = el ? el.scrollHeight - el.scrollTop : 0;
    try {
      const older = await loadChat({ id: conversation }, first.id);
      stickToBottom.current = false;
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
      setNotice(errorMessage(error, t('errors.generic')));
      setHistory((h) => ({ ...h, loading: false }));
    }
  };

  const empty = messages.length === 0;

  return (
    <div className="rv-conversation" data-testid="conversation" data-conversation={conversation ?? ''} data-profile={profile.id}>
      <ConversationHeader profile={profile} typing={typing} conversation={conversation} onDelete={onDelete} />
      <div className="rv-messages" ref={scroller} onScroll={onScroll} data-testid="messages" aria-live="polite" aria-relevant="additions">
        <div className="rv-messages-inner">
          {history.hidden > 0 && (
            <div className="alert alert-info small text-center" role="note" data-testid="history-limit">
              {t('chat:history.hidden', {
                count: history.hidden,
                limit: history.limit ?? 0,
              })}{' '}
              <Link to={paths.premium()} className="alert-link">
                {t('chat:getPremium')}
              </Link>
            </div>
          )}
          {history.hasMore && (
            <div className="text-center mb-2">
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onClick={() => void loadOlder()}
                disabled={history.loading}
                data-testid="load-older"
              >
                {t('chat:history.loadOlder')}
              </button>
            </div>
          )}
          {empty && (
            <div className="text-center text-body-secondary py-4" data-testid="conversation-empty">
              <Avatar photo={profile.photo?.thumb ?? null} name={profile.name} size={96} />
              <p className="mt-3">{t('chat:startWith', { name: profile.name })}</p>
              {cannotWrite === null && (
                <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setIcebreaker(true)} data-testid="open-icebreaker">
                  {t('chat:icebreaker.open')}
                </button>
              )}
            </div>
          )}
          <MessageList messages={messages} onRetry={retry} onDiscard={discard} />
          {typing && (
            <div className="rv-message theirs" aria-hidden="true">
              <div className="rv-bubble rv-typing-dots">
                <span />
                <span />
                <span />
              </div>
            </div>
          )}
        </div>
      </div>
      <footer className="rv-conversation-footer">
        <div className="rv-footer-inner">
          {initial.me_unconfirmed && <UnconfirmedNotice name={profile.name} />}
          {notice && (
            <div className="alert alert-danger small py-2 mb-2" role="alert" data-testid="chat-notice">
              {notice}
            </div>
          )}
          {cannotWrite ? (
            <CannotWriteNotice reason={cannotWrite} name={profile.unavailable ? t('chat:thisMember') : profile.name} />
          ) : (
            <>
              <Composer
                draft={draft}
                onDraft={setDraft}
                maxLength={maxLength}
                onSend={sendText}
                onPhoto={sendPhoto}
                onGift={() => setGiftPicker(true)}
                onTyping={() => conversation !== null && liveConnection().typing(conversation)}
                disabled={false}
                name={profile.name}
              />
              <CostHint costs={initial.costs} wallet={wallet} />
            </>
          )}
        </div>
      </footer>
      <GiftPicker show={giftPicker} gifts={initial.gifts} credits={wallet.credits} name={profile.name} onPick={sendGift} onClose={() => setGiftPicker(false)} />
      <IcebreakerModal
        show={icebreaker}
        name={profile.name}
        onPick={(line) => {
          setDraft(line);
          setIcebreaker(false);
        }}
        onClose={() => setIcebreaker(false)}
        // Chosen or not, the member writes next: the composer has the focus (Enter sends the line).
        onExited={() => document.getElementById('rv-composer-text')?.focus()}
      />
      <BuyPrompt show={buyPrompt} onClose={() => setBuyPrompt(false)} paid={wallet.paid_user} />
    </div>
  );
}
