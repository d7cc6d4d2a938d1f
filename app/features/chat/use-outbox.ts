import { useRef, type Dispatch, type SetStateAction } from 'react';
import type { ChatResponse, LiveEvent, SendMessage } from '../../../common/chat/chat-schema';
import { useTranslation } from '../../i18n/react';
import { errorCode, errorMessage, sendMessage, uploadChatPhoto } from './chat-client';
import { newClientId, upsertMessage, type UiMessage } from './chat-state';

export type Outgoing = Pick<SendMessage, 'kind' | 'text' | 'photo_id' | 'gift'> & {
  file?: Blob;
  preview?: string;
};

interface OutboxOptions {
  profile: ChatResponse['profile'];
  conversation: number | null;
  setMessages: Dispatch<SetStateAction<UiMessage[]>>;
  /** The conversation the first sent message created. */
  adopt: (conversation: number) => void;
  onSent: (event: Extract<LiveEvent, { kind: 'message' }>) => void;
  onWallet: (wallet: ChatResponse['wallet']) => void;
  /** The server's reason a message was refused (an error code), for the prompts it calls for. */
  onRefused: (code: string) => void;
}

/**
 * Messages on their way: each shows at once as 'sending', becomes the server's message
 * when sent, or 'failed' with the reason, to retry (a photo uploaded once) or discard.
 */
export function useOutbox({ profile, conversation, setMessages, adopt, onSent, onWallet, onRefused }: OutboxOptions) {
  const { t } = useTranslation();
  const outgoing = useRef(new Map<string, Outgoing>());

  const deliver = async (clientId: string) => {
    const item = outgoing.current.get(clientId);
    if (!item) return;
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
      onWallet(result.wallet);
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
      onRefused(errorCode(error));
      setMessages((current) => current.map((m) => (m.client_id === clientId ? { ...m, local: 'failed', error: errorMessage(error, t('chat:notSent')) } : m)));
    }
  };

  const send = (item: Outgoing, preview?: UiMessage['photo']) => {
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
  return { send, retry, discard };
}
