import { setWallet as reportWallet } from '../../lib/wallet';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ChatResponse, Gift, LiveEvent } from '../../../common/chat/chat-schema';
import { useTranslation } from '../../i18n/react';
import { liveConnection } from '../../lib/live-connection';
import { paths } from '../../paths';
import { useRootData } from '../../lib/use-root-data';
import { checkChatPhoto } from './chat-client';
import { Avatar } from './chat-list';
import { BuyPrompt, CannotWriteNotice, CostHint, UnconfirmedNotice } from './chat-notices';
import type { UiMessage } from './chat-state';
import { Composer } from './composer';
import { CostConfirm } from './cost-confirm';
import { sendCost } from './cost-gate';
import { ConversationHeader } from './conversation-header';
import { GiftPicker } from './gift-picker';
import { IcebreakerModal } from './icebreaker-modal';
import { MessageList } from './message-list';
import { useLiveConversation } from './use-live-conversation';
import { useOlderMessages } from './use-older-messages';
import { useOutbox, type Outgoing } from './use-outbox';
import { useStickyScroll } from './use-sticky-scroll';
import { useCostGate } from './use-cost-gate';

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
  const { settings, user } = useRootData();
  const { profile } = initial;
  const [messages, setMessages] = useState<UiMessage[]>(initial.messages);
  const [wallet, setLocalWallet] = useState(initial.wallet);
  // The conversation's own copy for its hints, and the top bar's (app/lib/wallet.ts) at once.
  const setWallet = useCallback((next: ChatResponse['wallet']) => {
    setLocalWallet(next);
    reportWallet({ credits: next.credits, paid_user: next.paid_user });
  }, []);
  const [cannotWrite, setCannotWrite] = useState(initial.cannot_write);
  const [draft, setDraft] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const dialogs = useDialogs(initial, openGift);
  const maxLength = settings.message_length;
  const onReload = useCallback((fresh: ChatResponse) => {
    // What was confirmed while the reload was on its way stays, as do messages still being sent.
    const newest = fresh.messages.at(-1)?.id ?? 0;
    setMessages((current) => [...fresh.messages, ...current.filter((m) => m.local || m.id > newest)]);
    setWallet(fresh.wallet);
    setCannotWrite(fresh.cannot_write);
  }, [setWallet]);
  const { conversation, adopt, typing } = useLiveConversation({ initial, setMessages, onConversation, onRead, onReload });
  const { scroller, onScroll, setSticky } = useStickyScroll(messages, typing);
  const { history, loadOlder } = useOlderMessages({ initial, conversation, messages, setMessages, scroller, setSticky, onError: setNotice });
  const outbox = useOutbox({
    profile,
    conversation,
    setMessages,
    adopt,
    onSent,
    onWallet: setWallet,
    onRefused: (code) => {
      if (code === 'notEnoughCredits') dialogs.setBuyPrompt(true);
      const reason = REFUSED.get(code);
      if (reason) setCannotWrite(reason);
    },
  });

  // What costs credits is confirmed once per conversation before it goes (no surprise charges).
  const gate = useCostGate({ member: user?.id ?? null, profile: profile.id, credits: wallet.credits });
  const send = (item: Outgoing, preview?: UiMessage['photo']) => {
    setNotice(null);
    setSticky(true);
    outbox.send(item, preview);
  };
  const sendText = () => {
    const text = draft.trim();
    if (!text) return;
    if ([...text].length > maxLength) return setNotice(t('chat:errors.tooLong', { max: maxLength }));
    // The draft stays in the composer until the member confirms the price (or cancels).
    gate.request({ kind: 'text', cost: sendCost('text', initial.costs, wallet) }, () => {
      setDraft('');
      send({ kind: 'text', text });
    });
  };
  const sendPhoto = (file: File) => {
    const problem = checkChatPhoto(file, t);
    if (problem) return setNotice(problem);
    const url = URL.createObjectURL(file);
    gate.request(
      { kind: 'photo', cost: sendCost('photo', initial.costs, wallet), preview: url },
      () => send({ kind: 'photo', file, preview: url }, { url, thumb: url, width: 240, height: 240 }),
      () => URL.revokeObjectURL(url),
    );
  };
  const sendGift = (gift: Gift) => {
    dialogs.setGiftPicker(false);
    gate.request({ kind: 'gift', cost: sendCost('gift', initial.costs, wallet, gift.credits), gift: gift.id }, () => send({ kind: 'gift', gift: gift.id }));
  };

  const empty = messages.length === 0;

  return (
    <div className="rv-conversation" data-testid="conversation" data-conversation={conversation ?? ''} data-profile={profile.id}>
      <ConversationHeader profile={profile} typing={typing} conversation={conversation} onDelete={onDelete} />
      <div className="rv-messages" ref={scroller} onScroll={onScroll} data-testid="messages" aria-live="polite" aria-relevant="additions">
        <div className="rv-messages-inner">
          <HistoryHead history={history} onLoadOlder={() => void loadOlder()} />
          {empty && (
            <div className="text-center text-body-secondary py-4" data-testid="conversation-empty">
              <Avatar photo={profile.photo?.thumb ?? null} name={profile.name} size={96} />
              <p className="mt-3">{t('chat:startWith', { name: profile.name })}</p>
              {cannotWrite === null && (
                <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => dialogs.setIcebreaker(true)} data-testid="open-icebreaker">
                  {t('chat:icebreaker.open')}
                </button>
              )}
            </div>
          )}
          <MessageList messages={messages} onRetry={outbox.retry} onDiscard={outbox.discard} />
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
                onGift={() => dialogs.setGiftPicker(true)}
                onTyping={() => conversation !== null && liveConnection().typing(conversation)}
                disabled={false}
                name={profile.name}
                photoCost={initial.costs.photo}
                giftCost={initial.gifts.length > 0 ? Math.min(...initial.gifts.map((g) => g.credits)) : null}
              />
              <CostHint costs={initial.costs} wallet={wallet} />
            </>
          )}
        </div>
      </footer>
      <GiftPicker show={dialogs.giftPicker} gifts={initial.gifts} credits={wallet.credits} name={profile.name} onPick={sendGift} onClose={() => dialogs.setGiftPicker(false)} />
      <IcebreakerModal
        show={dialogs.icebreaker}
        name={profile.name}
        onPick={(line) => {
          setDraft(line);
          dialogs.setIcebreaker(false);
        }}
        onClose={() => dialogs.setIcebreaker(false)}
        // Chosen or not, the member writes next: the composer has the focus (Enter sends the line).
        onExited={() => document.getElementById('rv-composer-text')?.focus()}
      />
      <CostConfirm item={gate.pending} credits={wallet.credits} onConfirm={gate.confirm} onCancel={gate.cancel} />
      <BuyPrompt show={dialogs.buyPrompt} onClose={() => dialogs.setBuyPrompt(false)} paid={wallet.paid_user} />
    </div>
  );
}

// What a refused message says about writing here at all (the notice that replaces the composer).
const REFUSED = new Map<string, NonNullable<ChatResponse['cannot_write']>>([
  ['conversationLimit', 'conversation_limit'],
  ['blocked', 'blocked'],
  ['unconfirmedOther', 'unconfirmed_other'],
  ['memberNotFound', 'closed'],
]);

/** The conversation's dialogs: ?gift=1 opens the gift picker, an empty conversation offers the icebreaker, a refused send the credits. */
function useDialogs(initial: ChatResponse, openGift: boolean) {
  const [buyPrompt, setBuyPrompt] = useState(false);
  const [giftPicker, setGiftPicker] = useState(false);
  const [icebreaker, setIcebreaker] = useState(false);
  // After hydration: the server renders no dialogs.
  useEffect(() => {
    if (initial.cannot_write !== null) return;
    if (openGift) setGiftPicker(true);
    else if (initial.conversation === null && initial.messages.length === 0) setIcebreaker(true);
  }, [initial, openGift]);
  return { buyPrompt, setBuyPrompt, giftPicker, setGiftPicker, icebreaker, setIcebreaker };
}

/** Above the messages: what the plan hides of the history, and the button that loads older messages. */
function HistoryHead({ history, onLoadOlder }: { history: { hasMore: boolean; hidden: number; limit: number | null; loading: boolean }; onLoadOlder: () => void }) {
  const { t } = useTranslation();
  return (
    <>
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
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onLoadOlder} disabled={history.loading} data-testid="load-older">
            {t('chat:history.loadOlder')}
          </button>
        </div>
      )}
    </>
  );
}
