import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { referenceEndpoints } from '../../../common/reference/reference-endpoints';
import { route } from '../../http/endpoint-route';
import { INTERESTS } from '../../../common/reference/interests';
import { isServedCountry } from '../../../common/reference/countries';
import { ApiError } from '../../http/api-error';
import { countryName } from '../../../common/i18n/format';
import { regionsFor, regionTypeFor } from './regions';


// Reference data changes with a deploy, not per request: let browsers keep it an hour.
const CACHE = 'private, max-age=3600';

export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    referenceEndpoints.interests,
    { schema: { tags: ['reference'], summary: 'The 50 interests with icon and name' } },
    async (request, reply) => {
      const t = request.visitorT();
      reply.header('cache-control', CACHE).header('vary', 'Cookie, Accept-Language');
      return INTERESTS.map((i) => ({ id: i.id, icon: i.icon, name: t(`reference:interests.${i.id}`) }));
    },
  );

  route(
    app,
    referenceEndpoints.regions,
    {
      schema: {
        tags: ['reference'],
        summary: "Regions of one country, or of every country the site serves, with the country's own region naming",
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
