/**
 * Push services are public HTTPS hosts: an endpoint naming this machine, a bare address or
 * an internal name is refused when it is saved, so that sending pushes can never be turned
 * into requests to internal services (SSRF). The sender checks again after DNS resolution
 * (notifications/push-address-guard.ts), where a public-looking name may still lead inward.
 * `testOrigin` (PUSH_TEST_ORIGIN, tests only) is the local push service, allowed as it is.
 */
export function isAllowedPushEndpoint(endpoint: string, testOrigin: string | undefined): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  if (testOrigin !== undefined && url.origin === testOrigin) return true;
  const host = url.hostname.toLowerCase();
  return (
    host.includes('.') &&
    !host.startsWith('[') &&
    // The URL parser turns every numeric form (0x7f.1, 2130706433) into dotted digits.
    !/^[\d.]+$/.test(host) &&
    !host.endsWith('.localhost') &&
    !host.endsWith('.local') &&
    !host.endsWith('.internal') &&
    // "localhost." is localhost too.
    !host.endsWith('.')
  );
}
