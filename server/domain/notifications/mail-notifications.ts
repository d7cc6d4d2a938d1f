import type { FastifyInstance } from 'fastify';
import type { LikeNotice, MessageNotice } from './notification-queues';

/** The new-conversation or new-message mail, as batching allows. */
export async function mailAboutMessage(_app: FastifyInstance, _notice: MessageNotice): Promise<void> {}

/** The likes mail. */
export async function mailAboutLike(_app: FastifyInstance, _notice: LikeNotice): Promise<void> {}
