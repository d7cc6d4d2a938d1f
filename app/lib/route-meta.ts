/** The `meta` exports the routes share. */
const NOINDEX = { name: 'robots', content: 'noindex' };

/** A page search engines should not list: a member's own screens, forms and one-off outcomes. */
export const noindexMeta = () => [NOINDEX];

/** A page opened from a mailed link: its token stays out of search engines and other sites' Referer headers. */
export const mailedLinkMeta = () => [NOINDEX, { name: 'referrer', content: 'no-referrer' }];
