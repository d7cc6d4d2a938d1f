import { endpoint } from '../api/endpoint';
import { geocodeQuerySchema, geocodeResultSchema } from './geocode-schema';

export const geocodeEndpoints = {
  /** The caller's rounded position in, country, region and city out (spec section 7). */
  geocode: endpoint({ method: 'GET', path: '/api/geocode.php', query: geocodeQuerySchema, response: geocodeResultSchema }),
};
