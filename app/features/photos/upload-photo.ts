import {
  PHOTO_FILE_TYPES,
  PHOTO_MAX_UPLOAD_BYTES,
  PHOTO_MAX_UPLOAD_MB,
  type Photo,
  type PhotoKind,
} from '../../../common/photos/photo-schema';
import type { TFunction } from '../../i18n/translator';

/** The namespace of the photo texts: a route that shows PhotoInput sends this bundle. */
export const PHOTOS_NS = 'photos';

export type UploadResult = { ok: true; photo: Photo } | { ok: false; message: string };

export interface UploadOptions {
  /** Gallery photo (default) or a photo for a chat message. */
  kind?: PhotoKind;
  /** A translator that has the photos namespace. */
  t: TFunction;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

const FILE_TYPES = new Set<string>(PHOTO_FILE_TYPES);

/**
 * What is wrong with a chosen file before sending it (the server checks again, and reads
 * the real type from the bytes), or null. Saves a member on a phone network from
 * uploading 14 MB only to hear it is a HEIC file.
 */
export function checkPhotoFile(file: Blob, t: TFunction): string | null {
  // Some phones give camera files no type at all: the server reads it from the bytes.
  if (file.type && !FILE_TYPES.has(file.type)) return t('photos:errors.wrongType');
  if (file.size > PHOTO_MAX_UPLOAD_BYTES) return t('photos:errors.tooLarge', { mb: PHOTO_MAX_UPLOAD_MB });
  return null;
}

/**
 * Uploads one photo (POST /api/photos.php with the image as the body, as the API client
 * sends its requests: same-origin credentials, JSON answers). Resolves with the stored
 * photo, or with a message in the visitor's language. Not retried: a repeated upload
 * would store the photo twice.
 */
export async function uploadPhoto(file: Blob, options: UploadOptions): Promise<UploadResult> {
  const { t, kind = 'profile' } = options;
  const problem = checkPhotoFile(file, t);
  if (problem) return { ok: false, message: problem };
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  let response: Response;
  try {
    response = await doFetch(`/api/photos.php?kind=${kind}`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': file.type || 'application/octet-stream' },
      credentials: 'same-origin',
      body: file,
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return { ok: false, message: t('photos:errors.network') };
  }
  const body = (await response.json().catch(() => null)) as { photo?: Photo; error?: { message?: string } } | null;
  if (response.ok && body?.photo) return { ok: true, photo: body.photo };
  return { ok: false, message: body?.error?.message ?? t('photos:errors.network') };
}
