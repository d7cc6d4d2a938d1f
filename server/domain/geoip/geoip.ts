import { createRequire } from 'node:module';
import maxmind, { type Reader, type Response } from 'maxmind';

interface CountryRecord {
  country_code?: string;
}

export interface GeoIp {
  /** ISO 3166-1 alpha-2 code of the address's country, or null (private, loopback, unknown). */
  country(ip: string): string | null;
}

const require = createRequire(import.meta.url);

/**
 * Offline IP-to-country lookup from the CC0 geo-whois-asn-country database shipped as
 * an npm package: no network service sees our visitors' addresses.
 */
export async function openGeoIp(): Promise<GeoIp> {
  const file = require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb');
  const reader: Reader<Response> = await maxmind.open(file, { cache: { max: 10_000 } });
  return {
    country(ip) {
      const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
      if (!maxmind.validate(address)) return null;
      // This database's records are { country_code }, not MaxMind's own shape.
      const code = (reader.get(address) as CountryRecord | null)?.country_code;
      return code && /^[A-Z]{2}$/.test(code) ? code : null;
    },
  };
}
