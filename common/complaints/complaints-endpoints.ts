import { endpoint } from '../api/endpoint';
import { complaintRequestSchema, complaintResponseSchema } from './complaint';

export const complaintsEndpoints = {
  complaint: endpoint({ method: 'POST', path: '/api/complaint.php', body: complaintRequestSchema, response: complaintResponseSchema }),
};
