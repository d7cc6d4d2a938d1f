import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { isPublicDeployment } from '../../config';
import type { Db } from '../../db/database';
import { ApiError } from '../../http/api-error';
import type { Site } from '../sites/site-directory';
import { parseCountry, SELECTED_COUNTRY_COOKIE } from '../sites/visitor';
import { billingCountries } from './payment-repository';

/**
 * What says where a buyer is (EU VAT, OSS: two non-contradictory pieces of evidence): the
 * country of their address on the internet, their profile's country, and the billing country
 * of a stored mandate (a direct-debit account's IBAN). A country the member merely picks is none.
 */
export interface CountryEvidence {
  geoip: string | null;
  profile: string | null;
  billing: readonly string[];
}

/**
 * The payment countries the evidence supports among the site's, the geo-IP country first. With
 * no supported one the site's first country (the seller's home, its VAT), never one the member chose.
 */
export function evidencedCountries(site: Site, evidence: CountryEvidence): string[] {
  const served = site.row.settings.countries;
  const supported = [...new Set([evidence.geoip, evidence.profile, ...evidence.billing])].filter((c): c is string => c !== null && served.includes(c));
  return supported.length > 0 ? supported : [served[0]!];
}

/** The member's payment country: the one asked for when their evidence supports it (else 400), else the first supported. */
export function memberPaymentCountry(site: Site, evidence: CountryEvidence, asked: string | undefined): string {
  const countries = evidencedCountries(site, evidence);
  if (asked === undefined) return countries[0]!;
  if (!countries.includes(asked)) throw new ApiError(400, 'errors.paymentCountry', {}, 'country');
  return asked;
}

/**
 * The evidence of a request's member. On a developer's machine (not a public deployment, a
 * loopback or private client address, which has no geo-IP country) the visitor's kept country
 * choice (`?country=` on a page, kept in a cookie) stands in for the geo-IP country, as it does
 * for every other country rule there; an API request's own `country` (the payment country
 * asked for) never does.
 */
export async function countryEvidence(db: Db, request: FastifyRequest, member: { id: number; country: string | null }): Promise<CountryEvidence> {
  const { visitor } = request;
  const local = visitor.geoipCountry === null && !isPublicDeployment(request.server.config) && isLocalAddress(request.ip);
  return {
    geoip: visitor.geoipCountry ?? (local ? parseCountry(request.cookies[SELECTED_COUNTRY_COOKIE]) : null),
    profile: member.country,
    billing: await billingCountries(db, member.id),
  };
}

function isLocalAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const address = ipaddr.process(ip);
  return ['loopback', 'private', 'uniqueLocal', 'linkLocal'].includes(address.range());
}
