import { BINARY, endpoint } from '../api/endpoint';
import {
  chatPhotoResponseSchema,
  chatQuerySchema,
  chatReadResponseSchema,
  chatReadSchema,
  chatResponseSchema,
  chatsResponseSchema,
  deleteChatResponseSchema,
  deleteChatSchema,
  sendMessageResponseSchema,
  sendMessageSchema,
} from './chat-schema';

/** The chat list, a conversation, sending, reading, deleting and chat photos (spec sections 2, 6, 7). */
export const chatEndpoints = {
  chats: endpoint({ method: 'GET', path: '/api/chats.php', response: chatsResponseSchema }),
  chat: endpoint({ method: 'GET', path: '/api/chat.php', query: chatQuerySchema, response: chatResponseSchema }),
  send: endpoint({ method: 'POST', path: '/api/message.php', body: sendMessageSchema, response: sendMessageResponseSchema }),
  read: endpoint({ method: 'POST', path: '/api/chat-read.php', body: chatReadSchema, response: chatReadResponseSchema }),
  deleteChat: endpoint({ method: 'DELETE', path: '/api/chat.php', body: deleteChatSchema, response: deleteChatResponseSchema }),
  uploadPhoto: endpoint({ method: 'POST', path: '/api/chat-photo.php', body: BINARY, response: chatPhotoResponseSchema }),
};
