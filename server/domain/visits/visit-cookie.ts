import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Tracking } from '../../../common/marketing/tracking';

export const VISIT_COOKIE = 'visit';

const visitSchema = z.object({
  id: z.uuid(),
  /** Start of the visit, ms since epoch. */
  t: z.number().int().positive(),
  /** Landing path. */
  p: z.string().max(512),
  /** Page-bounce logging requested by the landing URL (`lb` query). */
  lb: z.boolean(),
  tr: z.record(z.string(), z.string().max(100)),
});
export type VisitCookie = z.infer<typeof visitSchema>;

export function newVisit(landingPath: string, logBounce: boolean, tracking: Tracking, now = Date.now()): VisitCookie {
  return { id: randomUUID(), t: now, p: landingPath.slice(0, 512), lb: logBounce, tr: tracking as Record<string, string> };
}

export function encodeVisit(visit: VisitCookie): string {
  return Buffer.from(JSON.stringify(visit)).toString('base64url');
}

/** The visit from an already signature-checked cookie value, or null when malformed. */
export function decodeVisit(value: string): VisitCookie | null {
  try {
    const parsed = visitSchema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The visit this request belongs to (signed cookie), or null when absent, forged or malformed. */
export function readVisit(request: FastifyRequest): VisitCookie | null {
  const raw = request.cookies[VISIT_COOKIE];
  const unsigned = raw ? request.unsignCookie(raw) : null;
  return unsigned?.valid && unsigned.value ? decodeVisit(unsigned.value) : null;
}

/** The tracking parameters of the visit this request belongs to. */
export function visitTracking(request: FastifyRequest): Record<string, string> {
  return readVisit(request)?.tr ?? {};
}
