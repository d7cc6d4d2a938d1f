import { z } from 'zod';

/**
 * GET /api/geocode.php (spec section 7): the caller's own position in, their country,
 * region and city out. The browser rounds the position to 3 decimals (about 100 m)
 * before sending it: a town is all the answer needs.
 */
export const COORDINATE_DECIMALS = 3;

// Plain decimals only: Number() would also take '', ' ', '0x1f', '1e2' and 'Infinity'.
const coordinate = (limit: number) =>
  z
    .string()
    .regex(/^-?\d{1,3}(\.\d{1,12})?$/)
    .transform(Number)
    .pipe(z.number().min(-limit).max(limit));

export const geocodeQuerySchema = z.object({
  lat: coordinate(90),
  lon: coordinate(180),
  /** 1: also store country, region and city on the logged-in member's profile. */
  store: z.enum(['0', '1']).optional(),
});

export const geocodeResultSchema = z.object({
  /** ISO 3166-1 alpha-2 of a served country, or null (elsewhere, or far from any town). */
  country: z.string().nullable(),
  /** Region code as /api/regions.php lists it, or null. */
  region: z.string().nullable(),
  region_name: z.string().nullable(),
  city: z.string().nullable(),
});

export type GeocodeResult = z.infer<typeof geocodeResultSchema>;
