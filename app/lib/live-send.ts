import type { LiveClientMessage, LiveServerMessage, SendMessage, SendMessageResponse } from '../../common/chat/chat-schema';
import { REQUEST_RETRIES, REQUEST_RETRY_BASE_MS } from '../../common/limits';
import { chatEndpoints } from '../../common/chat/chat-endpoints';
import { ApiClientError, type ApiClient } from './api-client';

/** A send without an answer this long is retried (with the same client id). */
export const SEND_TIMEOUT_MS = 10_000;

type Reply = Extract<LiveServerMessage, { type: 'sent' | 'send_error' }>;
type Pending = { settle: (reply: Reply | null) => void };

/** Not an ApiError: the send may not have arrived, so it is retried with the same client id. */
class TransientError extends Error {}

interface SenderEnv {
  api: Pick<ApiClient, 'call'>;
  sleep: (ms: number) => Promise<void>;
  write: (message: LiveClientMessage) => void;
  isOpen: () => boolean;
}

/**
 * Chat messages sent over the open socket (answered by client id) or, without one, over
 * HTTP; a send that may not have arrived is retried with backoff, the same client id every
 * time, so the server stores and charges it once.
 */
export function createLiveSender({ api, sleep, write, isOpen }: SenderEnv) {
  const pending = new Map<string, Pending>();

  function sendOverSocket(message: SendMessage): Promise<SendMessageResponse> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => settle(null), SEND_TIMEOUT_MS);
      const settle: Pending['settle'] = (reply) => {
        clearTimeout(timer);
        if (pending.get(message.client_id)?.settle === settle) pending.delete(message.client_id);
        if (!reply) reject(new TransientError('no answer'));
        else if (reply.type === 'sent') resolve(reply.result);
        else if (reply.status >= 500 || reply.status === 429) reject(new TransientError(reply.error.message));
        else reject(new ApiClientError(reply.status, reply.error.code, reply.error.message));
      };
      pending.set(message.client_id, { settle });
      write({ type: 'send', message });
    });
  }

  async function sendOverHttp(message: SendMessage): Promise<SendMessageResponse> {
    try {
      const result = await api.call(chatEndpoints.send, { body: message, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
      if (result === false) throw new ApiClientError(403, 'authRequired', 'authRequired');
      return result;
    } catch (error) {
      if (error instanceof ApiClientError && error.status > 0 && error.status < 500 && error.status !== 429) throw error;
      throw new TransientError(error instanceof Error ? error.message : 'network');
    }
  }

  return {
    async send(message: SendMessage): Promise<SendMessageResponse> {
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await (isOpen() ? sendOverSocket(message) : sendOverHttp(message));
        } catch (error) {
          if (!(error instanceof TransientError)) throw error;
          if (attempt >= REQUEST_RETRIES) throw new ApiClientError(0, 'network', error.message);
          await sleep(REQUEST_RETRY_BASE_MS * 2 ** attempt);
        }
      }
    },
    /** The server's answer to a send over the socket. */
    answer(reply: Reply): void {
      pending.get(reply.client_id)?.settle(reply);
    },
    /** The socket is gone: sends waiting on it are retried (over HTTP, or the next socket). */
    dropAll(): void {
      for (const [id, p] of pending) {
        pending.delete(id);
        p.settle(null);
      }
    },
  };
}
