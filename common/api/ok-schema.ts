import { z } from 'zod';

/** The answer of an operation that has nothing to report but success. */
export const okResponseSchema = z.object({ ok: z.literal(true) });
