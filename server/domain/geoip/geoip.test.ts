import { describe, expect, it } from 'vitest';
import { openGeoIp } from './geoip';

describe('offline GeoIP', () => {
  it('finds the country of public IPv4 and IPv6 addresses', async () => {
    const geoip = await openGeoIp();
    expect(geoip.country('145.131.0.1')).toBe('NL');
    expect(geoip.country('::ffff:145.131.0.1')).toBe('NL');
    expect(geoip.country('8.8.8.8')).toBe('US');
    expect(geoip.country('2a00:1450:4001::1')).toBe('IE');
  });

  it('answers null for private, loopback and malformed addresses', async () => {
    const geoip = await openGeoIp();
    for (const ip of ['127.0.0.1', '10.1.2.3', '::1', 'not-an-ip', '']) expect(geoip.country(ip)).toBeNull();
    // Asked twice, answered the same from the cache.
    expect(geoip.country('127.0.0.1')).toBeNull();
  });
});
