/** The settings namespace as pages need it: the mail texts stay on the server. */
export function pageBundle(all: Record<string, unknown>): Record<string, unknown> {
  const { mail: _mail, ...page } = all;
  return page;
}
