import { endpoint } from '../api/endpoint';
import { okResponseSchema } from '../api/ok-schema';
import {
  autoLikeResponseSchema,
  likeRequestSchema,
  likeResponseSchema,
  likeSeenResponseSchema,
  likesResponseSchema,
  profileIdSchema,
  swipeCardsResponseSchema,
  swipeRequestSchema,
  swipeResponseSchema,
} from './likes';

/** Likes, the likes page, the new-like overlay and the swipe game (spec sections 2, 4, 7). */
export const likesEndpoints = {
  like: endpoint({ method: 'POST', path: '/api/like.php', body: likeRequestSchema, response: likeResponseSchema }),
  unlike: endpoint({ method: 'DELETE', path: '/api/like.php', body: profileIdSchema, response: okResponseSchema }),
  likes: endpoint({ method: 'GET', path: '/api/likes.php', response: likesResponseSchema }),
  likeSeen: endpoint({ method: 'POST', path: '/api/like-seen.php', body: profileIdSchema, response: likeSeenResponseSchema }),
  autoLike: endpoint({ method: 'GET', path: '/api/auto-like.php', response: autoLikeResponseSchema }),
  swipeCards: endpoint({ method: 'GET', path: '/api/swipe.php', response: swipeCardsResponseSchema }),
  swipe: endpoint({ method: 'POST', path: '/api/swipe.php', body: swipeRequestSchema, response: swipeResponseSchema }),
};
