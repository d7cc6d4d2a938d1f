import { BINARY, endpoint } from '../api/endpoint';
import { photoMainSchema, photoOrderSchema } from '../profile/photo-order-schema';
import {
  photoDeleteResponseSchema,
  photoDeleteSchema,
  photoListQuerySchema,
  photoListResponseSchema,
  photoMainResponseSchema,
  photoResponseSchema,
  photoUploadQuerySchema,
} from './photo-schema';

/** The member's own photos: upload (the image bytes as the body), list, delete, order, main photo. */
export const photosEndpoints = {
  upload: endpoint({ method: 'POST', path: '/api/photos.php', query: photoUploadQuerySchema, body: BINARY, response: photoResponseSchema }),
  list: endpoint({ method: 'GET', path: '/api/photos.php', query: photoListQuerySchema, response: photoListResponseSchema }),
  remove: endpoint({ method: 'DELETE', path: '/api/photos.php', body: photoDeleteSchema, response: photoDeleteResponseSchema }),
  order: endpoint({ method: 'PUT', path: '/api/photos.php', body: photoOrderSchema, response: photoListResponseSchema }),
  choose: endpoint({ method: 'POST', path: '/api/photo-main.php', body: photoMainSchema, response: photoMainResponseSchema }),
};
