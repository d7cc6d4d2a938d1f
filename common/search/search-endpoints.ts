import { endpoint } from '../api/endpoint';
import { searchQuerySchema, searchResultSchema } from './search-schema';

export const searchEndpoints = {
  search: endpoint({ method: 'GET', path: '/api/search.php', query: searchQuerySchema, response: searchResultSchema }),
};
