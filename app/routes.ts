import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';
import { STATIC_PAGES } from './paths';

/**
 * The map of the product: every path of the specification (section 2), with the spec's
 * route name as the route id. Screens that later work builds answer 404 until then
 * (routes/screen-unavailable.tsx).
 */
const UNAVAILABLE = 'routes/screen-unavailable.tsx';
const screen = (path: string, id: string, file = UNAVAILABLE) => route(path, file, { id });

export default [
  layout('layouts/default-layout.tsx', [
    index('routes/home.tsx', { id: 'index' }),
    screen('members', 'members', 'routes/members.tsx'),
    screen('members/:id', 'members-id', 'routes/member-profile.tsx'),
    screen('likes', 'likes', 'routes/likes.tsx'),
    screen('likes/m/:id', 'likes-m-id', 'routes/likes.tsx'),
    screen('likes/:type', 'likes-type', 'routes/likes.tsx'),
    screen('premium', 'premium', 'routes/premium.tsx'),
    screen('account-deleted', 'account-deleted', 'routes/account-deleted.tsx'),
    screen('complaints', 'complaints', 'routes/complaints.tsx'),
    // The chat list is part of the members area (spec 2); the conversation keeps the chat layout.
    screen('chats', 'chats', 'routes/chats.tsx'),
    screen('complete-signup', 'complete-signup', 'routes/complete-signup.tsx'),
    screen('credits', 'credits', 'routes/credits.tsx'),
    screen('credits/repeat-order', 'credits-repeat-order', 'routes/repeat-order.tsx'),
    screen('credits/:id/:paymentmethod?', 'credits-id-paymentmethod', 'routes/payment-method.tsx'),
    screen('directdebit', 'directdebit', 'routes/directdebit.tsx'),
    screen('lang-config', 'lang-config', 'routes/lang-config.tsx'),
    screen('login', 'login', 'routes/login.tsx'),
    screen('notifications', 'notifications', 'routes/notifications.tsx'),
    screen('settings', 'settings', 'routes/settings.tsx'),
    screen('pricing', 'pricing', 'routes/pricing.tsx'),
    screen('profile', 'profile', 'routes/profile.tsx'),
    screen('reset-password', 'reset-password', 'routes/reset-password.tsx'),
    screen('reset-password/do', 'reset-password-do', 'routes/reset-password-do.tsx'),
    screen('signup', 'signup', 'routes/signup.tsx'),
    screen('swipe-game', 'swipe-game', 'routes/swipe-game.tsx'),
    screen('transactions/:id?', 'transactions', 'routes/transactions.tsx'),
    screen('activate/done', 'activate-done', 'routes/activate-done.tsx'),
    screen('activate/error', 'activate-error', 'routes/activate-error.tsx'),
    screen('mail-change/do', 'mail-change-do', 'routes/mail-change-do.tsx'),
    // A notification mail's footer link (not in the spec's table): asks before it unsubscribes.
    screen('unsubscribe', 'unsubscribe', 'routes/unsubscribe.tsx'),
    screen('match-finder', 'match-finder', 'routes/match-finder.tsx'),
    ...STATIC_PAGES.map((name) => screen(`pages/${name}`, `pages-${name}`, 'routes/static-page.tsx')),
    route('*', 'routes/not-found.tsx', { id: 'not-found' }),
  ]),
  layout('layouts/chat-layout.tsx', [
    screen('chats/:id', 'chats-id', 'routes/chat-conversation.tsx'),
    screen('members/:id/chat', 'members-id-chat', 'routes/chat-conversation.tsx'),
  ]),
  layout('layouts/lander-layout.tsx', [
    screen('landers/tinderswipe', 'landers-tinderswipe'),
    screen('landers/:lander/:slug?', 'landers-lander-slug'),
    screen('members/:id/landing', 'members-id-landing'),
    screen('members/:id/landing2/:slug?', 'members-id-landing2-slug'),
    screen('members/:id/landing3/:slug?', 'members-id-landing3-slug'),
  ]),
  layout('layouts/empty-layout.tsx', [
    screen('members/:id/signup', 'members-id-signup', 'routes/signup.tsx'),
    screen('signup-matches', 'signup-matches', 'routes/signup-matches.tsx'),
    // The built-in test provider's hosted checkout stands where a provider's own page would.
    screen('test-checkout/:id', 'test-checkout', 'routes/test-checkout.tsx'),
  ]),
] satisfies RouteConfig;
