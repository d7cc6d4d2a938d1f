import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { geocodeEndpoints } from '../../../common/geocode/geocode-endpoints';
import { route } from '../../http/endpoint-route';
import { type GeocodeResult } from '../../../common/geocode/geocode-schema';
import { CITY_MAX_LENGTH } from '../../../common/signup/signup-rules';
import { findRegion } from '../reference/regions';
import { sharedGeocoder } from './geocoder';
import { storeMemberPlace } from './geocode-repository';
import { snapToCell } from '../search/cells';

const NOWHERE: GeocodeResult = { country: null, region: null, region_name: null, city: null };

export const geocodeRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    geocodeEndpoints.geocode,
    {
      schema: {
        tags: ['geocode'],
        summary: "The caller's country, region and city at a position; with store=1 also saved on the logged-in member's profile",
      },
      // store=1 moves the member's place: no other site may start it (csrf-guard.ts).
      config: { rateLimit: { max: 30, timeWindow: '1 minute' }, getWrites: true },
      // Privacy: the query string is the caller's position; the request log would keep it.
      logLevel: 'warn',
    },
    async (request, reply) => {
      const { lat, lon, store } = request.query;
      // The answer is about this caller's whereabouts: no shared cache may keep it.
      reply.header('cache-control', 'private, no-store');
      const member = store === '1' ? await request.requireMember() : null;
      const place = (await sharedGeocoder()).lookup(lat, lon);
      if (!place) return NOWHERE;
      const city = place.city.slice(0, CITY_MAX_LENGTH);
      // A profile may only be in a country its site serves (as at signup); elsewhere nothing is stored.
      if (member && request.visitor.site.row.settings.countries.includes(place.country)) {
        // Only the centre of the 0.1-degree grid cell is kept: distance bands for others, never the point.
        await storeMemberPlace(app.database.db, member.id, { country: place.country, regionCode: place.region, city, ...snapToCell(lat, lon) });
      }
      const region = place.region === null ? undefined : findRegion(place.country, place.region);
      return { country: place.country, region: region?.code ?? null, region_name: region?.name ?? null, city };
    },
  );
};
