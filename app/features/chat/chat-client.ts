import { type ChatResponse, type ChatsResponse, type SendMessage, type SendMessageResponse, type chatPhotoResponseSchema } from '../../../common/chat/chat-schema';
import { chatEndpoints } from '../../../common/chat/chat-endpoints';
import { profileViewEndpoints } from '../../../common/profile-view/profile-view-endpoints';
import { PHOTO_MAX_UPLOAD_MB, photoFileProblem } from '../../../common/photos/photo-schema';
import type { z } from 'zod';
import { api } from '../../lib/api';
import { ApiClientError } from '../../lib/api-client';
import { liveConnection } from '../../lib/live-connection';
import { uploadFile } from '../../lib/upload';
import type { TFunction } from '../../i18n/translator';
import { setAttentionCount } from '../../lib/attention-count';

/** Throws instead of resolving false (the session ended: the page reloads as a visitor). */
function must<T>(value: T | false): T {
  if (value === false) throw new ApiClientError(403, 'authRequired', '');
  return value;
}

let chatsLoadedOnce = false;

/** GET /api/chats.php; the progress bar shows on the first load only (spec section 7). Reports the badge counts. */
export async function loadChats(): Promise<ChatsResponse> {
  const body = must(await api.call(chatEndpoints.chats, { progress: !chatsLoadedOnce }));
  chatsLoadedOnce = true;
  setAttentionCount('messages', body.total_unread_messages);
  setAttentionCount('likes', body.total_new_likes);
  return body;
}

/** The page loader delivered the list already: later loads are refreshes (no progress bar). */
export function chatsLoaded(): void {
  chatsLoadedOnce = true;
}

/** A conversation (by id, or with a member), or the page of history before message `before`. */
export async function loadChat(target: { id: number } | { profile: number }, before?: number): Promise<ChatResponse> {
  return must(await api.call(chatEndpoints.chat, { query: { ...target, before } }));
}

/** POST /api/chat-read.php: the conversation is open and visible; its unread count becomes 0. */
export async function markRead(conversation: number): Promise<number> {
  const { total_unread_messages } = must(await api.call(chatEndpoints.read, { body: { conversation } }));
  setAttentionCount('messages', total_unread_messages);
  return total_unread_messages;
}

/** DELETE /api/chat.php: one conversation, or every chat with a member. */
export async function deleteChat(target: { conversation: number } | { profile: number }): Promise<number> {
  const { total_unread_messages } = must(await api.call(chatEndpoints.deleteChat, { body: target }));
  setAttentionCount('messages', total_unread_messages);
  return total_unread_messages;
}

/** POST /api/block.php: blocks the member of a conversation (the chat and the likes between the two go). */
export async function blockMember(profile: number): Promise<void> {
  must(await api.call(profileViewEndpoints.block, { body: { profile_id: profile } }));
}

/** Sends over the live connection (HTTP when it is closed); retries keep the message's client id. */
export function sendMessage(message: SendMessage): Promise<SendMessageResponse> {
  return liveConnection().send(message);
}

export type ChatPhotoUpload = z.infer<typeof chatPhotoResponseSchema>;
export type ChatPhoto = ChatPhotoUpload["photo"];
/** The pre-upload check of photoFileProblem, as a message in the member's language, or null. */
export function checkChatPhoto(file: Blob, t: TFunction): string | null {
  const problem = photoFileProblem(file);
  return problem && t(`chat:photo.${problem}`, { mb: PHOTO_MAX_UPLOAD_MB });
}

/** POST /api/chat-photo.php with the image as the body (the shared upload helper, as the gallery's). */
export async function uploadChatPhoto(file: Blob, t: TFunction): Promise<ChatPhotoUpload> {
  return must(await uploadFile(chatEndpoints.uploadPhoto, file, { failed: t('chat:photo.failed') }));
}

/** The last segment of an API error code ('chat:errors.notEnoughCredits' -> 'notEnoughCredits'). */
export function errorCode(error: unknown): string {
  return error instanceof ApiClientError ? (error.code.split(/[.:]/).at(-1) ?? error.code) : 'unknown';
}

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
