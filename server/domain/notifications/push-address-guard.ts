import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent, type AgentOptions, type RequestOptions } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Duplex } from 'node:stream';
import ipaddr from 'ipaddr.js';

/** A push endpoint led to an address that is not a public unicast one; nothing was sent. */
export class PushAddressRefused extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`push endpoint ${host} resolves to ${address}, which is not a public address`);
    this.name = 'PushAddressRefused';
  }
}

/**
 * Only global unicast addresses: loopback, private, link-local, carrier-grade NAT, unique-local,
 * multicast, broadcast, unspecified, documentation and other reserved ranges are refused. An
 * IPv4-mapped IPv6 address counts as the IPv4 address it maps; NAT64, 6to4 and Teredo ones
 * (which can carry an inner private address) are not unicast to ipaddr.js and are refused.
 */
export function isPublicAddress(address: string): boolean {
  // Canonical forms only (ipaddr.js also reads classful "1.2.3"); resolvers answer in them.
  if (isIP(address) === 0) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/**
 * A DNS lookup that fails when any address of the name is not public: the connection is made
 * to the address checked here, so a name that changes its answer between a check and the
 * connect (DNS rebinding) gains nothing.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '');
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || addresses.length === 0) return callback(new PushAddressRefused(hostname, refused?.address ?? 'nothing'), '');
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/**
 * The HTTPS agent every push goes through (web-push takes one): a literal address is checked
 * as it is (Node does not look literals up), a name through publicOnlyLookup, both when the
 * socket is opened. `allowed` (host:port) is the tests' local push service, let through.
 */
export class PublicOnlyAgent extends Agent {
  constructor(
    options: AgentOptions,
    private readonly allowed: string | null = null,
  ) {
    super(options);
  }

  override createConnection(options: RequestOptions, callback?: (err: Error | null, stream: Duplex) => void): Duplex | null | undefined {
    const host = String(options.host ?? options.hostname ?? '').replace(/^\[|\]$/g, '');
    if (this.allowed !== null && `${host}:${options.port}` === this.allowed) return super.createConnection(options, callback);
    if (isIP(host) && !isPublicAddress(host)) {
      // The agent's caller turns this into the request's error event; no socket is opened.
      callback?.(new PushAddressRefused(host, host), undefined as unknown as Duplex);
      return undefined;
    }
    return super.createConnection({ ...options, lookup: publicOnlyLookup }, callback);
  }
}
