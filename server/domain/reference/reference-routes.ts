import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INTERESTS } from '../../../common/reference/interests';
import { isServedCountry } from '../../../common/reference/countries';
import { regionsResponseSchema } from '../../../common/reference/regions-schema';
import { ApiError } from '../../http/api-error';
import { countryName } from '../../../common/i18n/format';
import { regionsFor, regionTypeFor } from './regions';

const interestSchema = z.object({ id: z.string(), icon: z.string(), name: z.string() });


// Reference data changes with a deploy, not per request: let browsers keep it an hour.
const CACHE = 'private, max-age=3600';

export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/interests.php',
    { schema: { tags: ['reference'], summary: 'The 50 interests with icon and name', response: { 200: z.array(interestSchema) } } },
    async (request, reply) => {
      const t = request.visitorT();
      reply.header('cache-control', CACHE).header('vary', 'Cookie, Accept-Language');
      return INTERESTS.map((i) => ({ id: i.id, icon: i.icon, name: t(`reference:interests.${i.id}`) }));
    },
  );

  app.get(
    '/api/regions.php',
    {
      schema: {
        tags: ['reference'],
        summary: "Regions of one country, or of every country the site serves, with the country's own region naming",
        querystring: z.object({ country: z.string().regex(/^[A-Za-z]{2}$/).optional() }),
        response: { 200: regionsResponseSchema },
      },
    },
    async (request, reply) => {
      const { locale, site } = request.visitor;
      const t = request.visitorT();
      const wanted = request.query.country?.toUpperCase();
      if (wanted && !isServedCountry(wanted)) throw new ApiError(400, 'errors.unknownCountry');
      const codes = wanted ? [wanted] : site.row.settings.countries;
      reply.header('cache-control', CACHE).header('vary', 'Cookie, Accept-Language');
      return {
        countries: codes.map((code) => {
          const type = regionTypeFor(code);
          return {
            country: code,
            name: countryName(locale, code),
            region_type: type,
            region_type_label: t(`reference:regionType.${type}`),
            regions: [...regionsFor(code)],
          };
        }),
      };
    },
  );
};
