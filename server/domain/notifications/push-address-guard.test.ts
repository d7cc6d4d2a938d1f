import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalPushService, type LocalPushService } from '../../test-support/local-push-service';
import { isPublicAddress, PublicOnlyAgent, publicOnlyLookup, PushAddressRefused } from './push-address-guard';

describe('isPublicAddress', () => {
  const refused: Record<string, string[]> = {
    loopback: ['127.0.0.1', '127.8.9.10', '::1'],
    private: ['10.0.0.1', '172.16.0.1', '172.31.255.254', '192.168.1.1'],
    'link-local (cloud metadata)': ['169.254.169.254', 'fe80::1'],
    'carrier-grade NAT': ['100.64.0.1'],
    'unique-local': ['fc00::1', 'fd12:3456::1'],
    multicast: ['224.0.0.1', '239.255.255.250', 'ff02::1'],
    'unspecified and broadcast': ['0.0.0.0', '0.1.2.3', '255.255.255.255', '::'],
    'reserved and documentation': ['240.0.0.1', '192.0.2.1', '198.51.100.1', '203.0.113.9', '198.18.0.1', '2001:db8::1'],
    'IPv6 forms of inner addresses': ['::ffff:127.0.0.1', '::ffff:10.0.0.1', '64:ff9b::a00:1', '2002:a00:1::1'],
    'not an address': ['', 'localhost', '1.2.3', '::g'],
  };
  for (const [kind, addresses] of Object.entries(refused)) {
    it(`refuses ${kind}`, () => {
      for (const address of addresses) expect(isPublicAddress(address), address).toBe(false);
    });
  }

  it('accepts public unicast addresses of both families', () => {
    for (const address of ['8.8.8.8', '142.250.185.74', '172.32.0.1', '100.128.0.1', '::ffff:8.8.8.8', '2a00:1450:4001:80b::200a']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});

describe('publicOnlyLookup', () => {
  const lookup = (host: string, all: boolean) =>
    new Promise<unknown>((resolve, reject) =>
      publicOnlyLookup(host, { all }, (err, address) => {
        if (err) reject(err);
        else resolve(address);
      }),
    );

  it('fails a name that resolves to a loopback address, in both lookup forms', async () => {
    for (const all of [false, true]) {
      const error = await lookup('localhost', all).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PushAddressRefused);
      expect((error as PushAddressRefused).host).toBe('localhost');
    }
  });

  it('fails numeric forms that the resolver turns into private addresses', async () => {
    for (const host of ['2130706433', '127.1', '0x7f.0.0.1']) await expect(lookup(host, false), host).rejects.toBeInstanceOf(PushAddressRefused);
  });
});

describe('PublicOnlyAgent', () => {
  let service: LocalPushService;
  beforeAll(async () => {
    service = await startLocalPushService();
  });
  afterAll(async () => service.close());

  const post = (url: string, agent: PublicOnlyAgent, ca?: string) =>
    new Promise<number>((resolve, reject) => {
      const req = request(url, { method: 'POST', agent, ...(ca ? { ca } : {}) }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });

  it('opens no connection to a literal or named non-public address', async () => {
    const agent = new PublicOnlyAgent({});
    const port = new URL(service.origin).port;
    for (const url of [`${service.origin}/push/x`, `https://localhost:${port}/push/x`, `https://[::1]:${port}/push/x`]) {
      await expect(post(url, agent), url).rejects.toBeInstanceOf(PushAddressRefused);
    }
    expect(service.requests).toEqual([]);
    agent.destroy();
  });

  it('lets the allowed test origin (and only its port) through', async () => {
    const { readFileSync } = await import('node:fs');
    const port = Number(new URL(service.origin).port);
    const agent = new PublicOnlyAgent({ ca: readFileSync(service.caFile, 'utf8') }, `127.0.0.1:${port}`);
    expect(await post(`${service.origin}/push/unknown`, agent)).toBe(404);
    await expect(post(`https://127.0.0.1:${port + 1}/push/x`, agent)).rejects.toBeInstanceOf(PushAddressRefused);
    expect(service.requests).toEqual([{ path: '/push/unknown', status: 404 }]);
    agent.destroy();
  });
});
