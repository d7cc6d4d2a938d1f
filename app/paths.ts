/**
 * Every URL of the app, defined once. Components and loaders build links from here,
 * never from string literals.
 */
export const paths = {
  home: () => '/',
  login: () => '/login',
  resetPassword: () => '/reset-password',
  signup: () => '/signup',
  completeSignup: () => '/complete-signup',
  accountDeleted: () => '/account-deleted',
  activateDone: () => '/activate/done',
  activateError: () => '/activate/error',
  members: () => '/members',
  matchFinder: () => '/match-finder',
  signupMatches: () => '/signup-matches',
  member: (id: number) => `/members/${id}`,
  chats: () => '/chats',
  likes: () => '/likes',
  likesTab: (type: 'received' | 'sent' | 'matches') => `/likes/${type}`,
  likeOpened: (id: number) => `/likes/m/${id}`,
  swipeGame: () => '/swipe-game',
  /** A conversation with a member; `starting` marks one begun from the new-like overlay. */
  memberChat: (id: number, starting = false) => `/members/${id}/chat${starting ? '?starting=1' : ''}`,
  credits: () => '/credits',
  /** Paying bundle `id`: the method chooser, or with a method the Pay screen; `payment` makes it the result page. */
  creditsBundle: (id: number, method?: string, payment?: string) =>
    `/credits/${id}${method ? `/${method}` : ''}${payment ? `?payment=${encodeURIComponent(payment)}` : ''}`,
  repeatOrder: () => '/credits/repeat-order',
  directDebit: (bundle: number, country: string) => `/directdebit?bundle=${bundle}&country=${country}`,
  transactions: () => '/transactions',
  transaction: (paymentId: string) => `/transactions/${encodeURIComponent(paymentId)}`,
  /** The built-in test provider's hosted checkout. */
  testCheckout: (id: string) => `/test-checkout/${id}`,
  premium: () => '/premium',
  pricing: () => '/pricing',
  profile: () => '/profile',
  settings: () => '/settings',
  notifications: () => '/notifications',
  complaints: () => '/complaints',
  langConfig: () => '/lang-config',
  page: (name: StaticPageName) => `/pages/${name}`,
} as const;

export const STATIC_PAGES = ['terms', 'privacy', 'cookies', 'ban', 'return-policy', 'faq', 'service'] as const;
export type StaticPageName = (typeof STATIC_PAGES)[number];

export function isStaticPage(name: string | undefined): name is StaticPageName {
  return (STATIC_PAGES as readonly string[]).includes(name ?? '');
}
