import type { FastifyInstance } from 'fastify';
import type { LikeNotice, MessageNotice } from './notification-queues';

/** Web Push to the recipient's devices about a new message. */
export async function pushAboutMessage(_app: FastifyInstance, _notice: MessageNotice): Promise<void> {}

/** Web Push to the liked member's devices about a like or match. */
export async function pushAboutLike(_app: FastifyInstance, _notice: LikeNotice): Promise<void> {}
