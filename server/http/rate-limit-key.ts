import type { FastifyRequest } from 'fastify';

/**
 * A rate-limit key the client cannot choose: the logged-in member, else the client address.
 * A raw cookie value would give every invented value a fresh bucket (and a member behind a
 * shared address keeps their own).
 */
export async function memberOrAddressKey(request: FastifyRequest): Promise<string> {
  const member = await request.currentMember();
  return member ? `member:${member.id}` : `ip:${request.ip}`;
}
