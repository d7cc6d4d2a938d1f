import { visitsEndpoints } from '../../../common/visits/visits-endpoints';
import { api } from '../../lib/api';

/** The beacon through the API client, for a browser whose sendBeacon refused it; keepalive lets it outlive the page. */
export const sendPageHidden = () => api.call(visitsEndpoints.pageHidden, { body: {}, keepalive: true });
