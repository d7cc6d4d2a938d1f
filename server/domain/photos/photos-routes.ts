import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatEndpoints } from '../../../common/chat/chat-endpoints';
import { photosEndpoints } from '../../../common/photos/photos-endpoints';
import { route } from '../../http/endpoint-route';
import { PHOTO_MAX_UPLOAD_BYTES, PHOTO_MAX_UPLOAD_MB, PHOTO_UPLOAD_TYPES } from '../../../common/photos/photo-schema';
import { ApiError } from '../../http/api-error';
import { chooseMainPhoto, deletePhoto, listPhotos, reorderPhotos, uploadPhoto, type PhotoDeps } from './photo-service';

const UPLOAD_TYPES = new Set<string>(PHOTO_UPLOAD_TYPES);

function depsOf(app: FastifyInstance): PhotoDeps {
  return { db: app.database.db, storage: app.photoStorage, autoApprove: app.config.PHOTO_AUTO_APPROVE, log: app.log, imageJobs: app.imageJobs };
}

/** Refuses an upload before its body is read: logged out, a type that is no image, or too large. */
async function checkUploadRequest(request: FastifyRequest): Promise<void> {
  await request.requireMember();
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!UPLOAD_TYPES.has(type)) throw new ApiError(415, 'photos:errors.wrongType');
  if (Number(request.headers['content-length'] ?? 0) > PHOTO_MAX_UPLOAD_BYTES) throw new ApiError(413, 'photos:errors.tooLarge', { mb: PHOTO_MAX_UPLOAD_MB });
}

/** Route options every upload shares: the larger body limit, refused early (see checkUploadRequest). */
const uploadOptions = {
  bodyLimit: PHOTO_MAX_UPLOAD_BYTES,
  preParsing: async (request: FastifyRequest, _reply: unknown, payload: unknown) => {
    await checkUploadRequest(request);
    return payload;
  },
};

/** The uploaded image bytes, and the member who sent them. */
async function uploadedImage(request: FastifyRequest) {
  const member = await request.requireMember();
  const body = request.body;
  if (!Buffer.isBuffer(body) || body.length === 0) throw new ApiError(415, 'photos:errors.wrongType');
  return { member, body };
}

/**
 * The member's photos (spec sections 3, 4, 9): upload, list, delete. Encapsulated: the
 * raw image body parser and its larger body limit apply to these routes only. Both upload
 * routes share one ImageJobs bound (deps are made once per app).
 */
export const photosRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  // The image arrives as the raw request body (no multipart), up to the upload limit.
  app.addContentTypeParser([...PHOTO_UPLOAD_TYPES], { parseAs: 'buffer', bodyLimit: PHOTO_MAX_UPLOAD_BYTES }, (_request, body, done) => done(null, body));

  route(
    app,
    photosEndpoints.upload,
    {
      schema: { tags: ['photos'], summary: 'Upload a photo (the image bytes as the body)' },
      // Decoding and encoding an image costs CPU: a few uploads a minute is what people do.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      ...uploadOptions,
    },
    async (request) => {
      const { member, body } = await uploadedImage(request);
      const { photo, mainPhotoId } = await uploadPhoto(deps, member.id, body, request.query.kind);
      return { photo: app.photoUrls.ownPhoto(photo, mainPhotoId) };
    },
  );

  route(
    app,
    chatEndpoints.uploadPhoto,
    {
      schema: { tags: ['chat'], summary: 'Upload a photo for a chat message (the image bytes as the body); send it with POST /api/message.php' },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      ...uploadOptions,
    },
    async (request) => {
      const { member, body } = await uploadedImage(request);
      const { photo } = await uploadPhoto(deps, member.id, body, 'chat');
      return { photo_id: photo.id, photo: { url: app.photoUrls.file(photo.filename), thumb: app.photoUrls.file(photo.thumbFilename), width: photo.width, height: photo.height } };
    },
  );

  route(
    app,
    photosEndpoints.list,
    { schema: { tags: ['photos'], summary: "The member's own photos" } },
    async (request, reply) => {
      const member = await request.requireMember();
      // Signed URLs are personal: never kept by a shared cache.
      reply.header('cache-control', 'no-store');
      const photos = await listPhotos(deps, member.id, request.query.kind);
      return { photos: photos.map((p) => app.photoUrls.ownPhoto(p, member.mainPhotoId)) };
    },
  );

  route(
    app,
    photosEndpoints.remove,
    {
      schema: {
        tags: ['photos'],
        summary: 'Delete one of the member\'s photos',
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => {
      const member = await request.requireMember();
      const { mainPhotoId } = await deletePhoto(deps, member.id, request.body.id);
      return { ok: true as const, main_photo_id: mainPhotoId };
    },
  );

  route(
    app,
    photosEndpoints.order,
    {
      schema: {
        tags: ['photos'],
        summary: "Put the member's profile photos in a new order",
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const member = await request.requireMember();
      reply.header('cache-control', 'no-store');
      const { photos, mainPhotoId } = await reorderPhotos(deps, member.id, request.body.order);
      return { photos: photos.map((p) => app.photoUrls.ownPhoto(p, mainPhotoId)) };
    },
  );

  route(
    app,
    photosEndpoints.choose,
    {
      schema: {
        tags: ['photos'],
        summary: "Choose the member's main photo (one of their profile photos, active or in inspection)",
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => {
      const member = await request.requireMember();
      const { mainPhotoId } = await chooseMainPhoto(deps, member.id, request.body.id);
      return { ok: true as const, main_photo_id: mainPhotoId };
    },
  );
};
