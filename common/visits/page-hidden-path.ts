/**
 * The page-hidden beacon's path, without zod: every page sends it with navigator.sendBeacon,
 * and the visitor home page's JavaScript budget has no room for the schemas.
 */
export const PAGE_HIDDEN_PATH = '/api/page-hidden.php';
