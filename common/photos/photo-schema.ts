import { z } from 'zod';
import { idSchema } from '../ids';

/**
 * The rules of a photo upload, written once for the browser's pre-check, the API and the
 * tests. The 3/25 photo limits of spec section 9 are PHOTO_LIMIT_FREE/PREMIUM in
 * common/limits.ts.
 */
export const PHOTO_MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
export const PHOTO_MAX_UPLOAD_MB = PHOTO_MAX_UPLOAD_BYTES / 1024 / 1024;
/**
 * Larger images are refused before decoding: a small file can hold a huge canvas
 * (decompression bomb). A baseline JPEG, what phone cameras write, is decoded already scaled
 * down (shrink-on-load: cost follows the file's bytes, not its pixels), so its cap is above
 * the largest phone sensor (200 MP, 16320 x 12240). PNG, WebP and progressive JPEG are
 * decoded at full size (a 157 KB, 49-megapixel PNG took about a second of CPU and hundreds of
 * MB): no phone camera writes them, and phone screenshots stay under 6 MP. Measured here: a
 * 200 MP baseline JPEG 0.5 s of CPU and 26 MB; the same image progressive 1.2 s and 600 MB.
 */
export const PHOTO_MAX_PIXELS = 200_000_000;
export const PHOTO_MAX_PIXELS_FULL_DECODE = 24_000_000;
/** Chat photos uploaded but not (yet) sent a member may hold: each costs image work and storage. */
export const CHAT_PHOTOS_UNSENT_MAX = 10;
/** A chat photo not sent within this time is deleted by the hourly purge. */
export const CHAT_PHOTO_UNSENT_HOURS = 24;
/** The shorter side of an upload must have at least this many pixels. */
export const PHOTO_MIN_SIDE = 200;
/** Stored images are scaled down to at most this many pixels on the long side. */
export const PHOTO_MAX_SIDE = 1600;
/** The body types POST /api/photos.php accepts; the real type is read from the bytes. */
export const PHOTO_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/octet-stream'] as const;
/** What a browser's File.type may be for a photo it can send. */
export const PHOTO_FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * What is wrong with a file the browser offers, before it is sent, or null: saves a member on
 * a phone network from uploading 14 MB only to hear it is a HEIC file. The server checks the
 * bytes again.
 */
export function photoFileProblem(file: { type: string; size: number }): 'wrongType' | 'tooLarge' | null {
  // Some phones give camera files no type at all: the server reads it from the bytes.
  if (file.type && !(PHOTO_FILE_TYPES as readonly string[]).includes(file.type)) return 'wrongType';
  return file.size > PHOTO_MAX_UPLOAD_BYTES ? 'tooLarge' : null;
}

export const PHOTO_KINDS = ['profile', 'chat'] as const;
export const photoKindSchema = z.enum(PHOTO_KINDS);
export type PhotoKind = z.infer<typeof photoKindSchema>;

export const PHOTO_STATUSES = ['in_inspection', 'active', 'deleted'] as const;

export const photoUploadQuerySchema = z.object({ kind: photoKindSchema.default('profile') });
export const photoListQuerySchema = z.object({ kind: photoKindSchema.default('profile') });
export const photoDeleteSchema = z.object({ id: idSchema });

/** A member's own photo; the URLs are short-lived (signed). */
export const photoSchema = z.object({
  id: z.number().int(),
  kind: photoKindSchema,
  status: z.enum(PHOTO_STATUSES),
  url: z.string(),
  thumb_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  main: z.boolean(),
});
export type Photo = z.infer<typeof photoSchema>;

export const photoResponseSchema = z.object({ photo: photoSchema });
export const photoListResponseSchema = z.object({ photos: z.array(photoSchema) });
/** DELETE /api/photos.php: the main photo after the deletion (null when none is left). */
export const photoDeleteResponseSchema = z.object({ ok: z.literal(true), main_photo_id: z.number().int().nullable() });
/** POST /api/photo-main.php. */
export const photoMainResponseSchema = z.object({ ok: z.literal(true), main_photo_id: z.number().int() });
