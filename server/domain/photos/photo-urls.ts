import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Photo, PhotoKind } from '../../../common/photos/photo-schema';
import { isValidStorageKey } from '../../storage/storage-keys';
import { SIGNED_MEDIA_PREFIX } from './media-url';

/** A signed URL lives at least this long... */
export const SIGNED_URL_MIN_LIFETIME_S = 60 * 60;
/** ...and ends on a whole hour, so the same file has the same URL for an hour (browser and CDN caches hit). */
const ROUND_TO_S = 60 * 60;

export type Verdict = 'ok' | 'expired' | 'invalid';

/**
 * Signs and checks the URLs of stored files: /media/s/<expires>/<signature>/<key>. The
 * signature is an HMAC of expiry and key with the media secret, so a URL cannot be
 * guessed from a photo id or key, cannot be altered to reach another file, and stops
 * working once it expired (a link copied out of the site does not stay valid forever).
 * Later uses (locked gallery photos, chat photos) sign with the same function.
 */
export class MediaSigner {
  constructor(private readonly secret: string) {}

  /** Unix seconds at which a URL made at `nowMs` expires. */
  expiresAt(nowMs: number = Date.now()): number {
    return Math.ceil((nowMs / 1000 + SIGNED_URL_MIN_LIFETIME_S) / ROUND_TO_S) * ROUND_TO_S;
  }

  url(key: string, nowMs: number = Date.now()): string {
    const expires = this.expiresAt(nowMs);
    return `${SIGNED_MEDIA_PREFIX}${expires}/${this.signature(expires, key)}/${key}`;
  }

  verify(expires: string, signature: string, key: string, nowMs: number = Date.now()): Verdict {
    if (!/^\d{1,12}$/.test(expires) || !isValidStorageKey(key)) return 'invalid';
    const expected = Buffer.from(this.signature(Number(expires), key));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return Number(expires) * 1000 <= nowMs ? 'expired' : 'ok';
  }

  private signature(expires: number, key: string): string {
    // 128 bits of HMAC-SHA256: far beyond guessing, and keeps URLs short.
    return createHmac('sha256', this.secret).update(`${expires}\n${key}`).digest().subarray(0, 16).toString('base64url');
  }
}

export interface StoredPhoto {
  id: number;
  memberId: number;
  filename: string;
  thumbFilename: string;
  width: number;
  height: number;
  status: string;
  kind: string;
}

export interface MainImage {
  filename: string;
  thumb_filename: string;
  status: string;
}

/** How photos are presented: who may see which, under which URL. */
export class PhotoUrls {
  constructor(readonly signer: MediaSigner) {}

  /** The URL of a stored file: always signed and expiring (demo pool included). */
  file(key: string, nowMs?: number): string {
    // The demo pool too: a locked photo must not be reachable by a guessed public path.
    return this.signer.url(key, nowMs);
  }

  /**
   * Whether `viewerId` (null: logged out) may see the photo: an active one everybody may;
   * one in inspection only its owner; a deleted one nobody.
   */
  visibleTo(photo: Pick<StoredPhoto, 'memberId' | 'status'>, viewerId: number | null): boolean {
    if (photo.status === 'active') return true;
    return photo.status === 'in_inspection' && photo.memberId === viewerId;
  }

  /** The profile's main_image as `viewerId` may see it (spec section 3), or null. */
  mainImage(photo: Pick<StoredPhoto, 'memberId' | 'status' | 'filename' | 'thumbFilename'> | null | undefined, viewerId: number | null): MainImage | null {
    if (!photo || !this.visibleTo(photo, viewerId)) return null;
    return { filename: this.file(photo.filename), thumb_filename: this.file(photo.thumbFilename), status: photo.status };
  }

  /** A member's own photo, as the photos API returns it. */
  ownPhoto(photo: StoredPhoto, mainPhotoId: number | null): Photo {
    return {
      id: photo.id,
      kind: photo.kind as PhotoKind,
      status: photo.status as Photo['status'],
      url: this.file(photo.filename),
      thumb_url: this.file(photo.thumbFilename),
      width: photo.width,
      height: photo.height,
      main: photo.id === mainPhotoId,
    };
  }
}
