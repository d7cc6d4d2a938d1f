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
const ANSWER_CACHE_SIZE = 50_000;

/**
 * Offline IP-to-country lookup from the CC0 geo-whois-asn-country database shipped as
 * an npm package: no network service sees our visitors' addresses.
 */
export async function openGeoIp(): Promise<GeoIp> {
  const file = require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb');
  const reader: Reader<Response> = await maxmind.open(file);
  // Every request asks; the same few addresses ask again and again (validating and
  // parsing an address costs more than the lookup), so answers are kept per address.
  const answers = new Map<string, string | null>();
  return {
    country(ip) {
      const known = answers.get(ip);
      if (known !== undefined) return known;
      const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
      // This database's records are { country_code }, not MaxMind's own shape.
      const code = maxmind.validate(address) ? (reader.get(address) as CountryRecord | null)?.country_code : undefined;
      const answer = code && /^[A-Z]{2}$/.test(code) ? code : null;
      if (answers.size >= ANSWER_CACHE_SIZE) answers.delete(answers.keys().next().value!);
      answers.set(ip, answer);
      return answer;
    },
  };
}
