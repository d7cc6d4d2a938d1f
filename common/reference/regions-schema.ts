import { z } from 'zod';

/** One region of a country (province, state, county...). */
export const regionSchema = z.object({ code: z.string(), name: z.string() });

/** A country's regions under the country's own naming, as GET /api/regions.php lists them. */
export const countryRegionsSchema = z.object({
  country: z.string(),
  name: z.string(),
  region_type: z.string(),
  region_type_label: z.string(),
  regions: z.array(regionSchema),
});

/** GET /api/regions.php's answer. */
export const regionsResponseSchema = z.object({ countries: z.array(countryRegionsSchema) });

export type CountryRegions = z.infer<typeof countryRegionsSchema>;
export type RegionsResponse = z.infer<typeof regionsResponseSchema>;
