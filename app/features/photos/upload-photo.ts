import { PHOTO_MAX_UPLOAD_MB, photoFileProblem, type Photo, type PhotoKind } from '../../../common/photos/photo-schema';
import { photosEndpoints } from '../../../common/photos/photos-endpoints';
import type { TFunction } from '../../i18n/translator';
import { ApiClientError, type ApiClient } from '../../lib/api-client';
import { uploadFile } from '../../lib/upload';

export type UploadResult = { ok: true; photo: Photo } | { ok: false; message: string };

export interface UploadOptions {
  /** Gallery photo (default) or a photo for a chat message. */
  kind?: PhotoKind;
  /** A translator that has the photos namespace. */
  t: TFunction;
  /** The shared API client unless given (tests). */
  client?: ApiClient;
  signal?: AbortSignal;
}

/** The pre-upload check of photoFileProblem, as a message in the member's language, or null. */
export function checkPhotoFile(file: Blob, t: TFunction): string | null {
  const problem = photoFileProblem(file);
  return problem && t(`photos:errors.${problem}`, { mb: PHOTO_MAX_UPLOAD_MB });
}

/**
 * Uploads one photo (POST /api/photos.php with the image as the body, through the shared
 * upload helper). Resolves with the stored photo, or with a message in the visitor's
 * language. Not retried: a repeated upload would store the photo twice.
 */
export async function uploadPhoto(file: Blob, options: UploadOptions): Promise<UploadResult> {
  const { t, kind = 'profile' } = options;
  const problem = checkPhotoFile(file, t);
  if (problem) return { ok: false, message: problem };
  const failed = t('photos:errors.network');
  try {
    const body = await uploadFile(photosEndpoints.upload, file, { query: { kind }, failed, signal: options.signal, client: options.client });
    return body ? { ok: true, photo: body.photo } : { ok: false, message: failed };
  } catch (error) {
    if (error instanceof ApiClientError) return { ok: false, message: error.message };
    throw error;
  }
}
