import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { PHOTO_MAX_PIXELS, PHOTO_MAX_PIXELS_FULL_DECODE, PHOTO_MAX_SIDE, PHOTO_MIN_SIDE } from '../../../common/photos/photo-schema';
import { THUMB_HEIGHT, THUMB_WIDTH } from '../../db/seed/portraits';
import { ApiError } from '../../http/api-error';

export type ImageType = 'jpeg' | 'png' | 'webp';

/**
 * The image type by its first bytes (magic numbers), never by the name or the
 * Content-Type the client claims: a text file sent as image/jpeg is refused here.
 */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** The pixel cap of an image: only a baseline JPEG is decoded scaled down (see PHOTO_MAX_PIXELS). */
export function pixelCap(type: ImageType, meta: Pick<Metadata, 'isProgressive'>): number {
  return type === 'jpeg' && !meta.isProgressive ? PHOTO_MAX_PIXELS : PHOTO_MAX_PIXELS_FULL_DECODE;
}

export interface ProcessedPhoto {
  /** WebP, at most PHOTO_MAX_SIDE on the long side, upright, without any metadata. */
  full: Buffer;
  /** WebP of the demo tiles' size (THUMB_WIDTH x THUMB_HEIGHT), cropped to what draws the eye. */
  thumb: Buffer;
  width: number;
  height: number;
}

const FULL_QUALITY = 82;
const THUMB_QUALITY = 80;

/**
 * Checks an upload and re-encodes it. Re-encoding from decoded pixels is what strips
 * everything but the picture: EXIF (camera, GPS position, time), XMP, ICC profile and
 * comments never reach the output, so a member's photo cannot reveal where it was taken.
 */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  const type = sniffImageType(bytes);
  if (!type) throw new ApiError(415, 'photos:errors.wrongType');
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ApiError(415, 'photos:errors.unreadable');
  }
  if (meta.format !== type || !meta.width || !meta.height) throw new ApiError(415, 'photos:errors.unreadable');
  // Checked on the header before any decoding: a few KB can declare a gigapixel canvas.
  const maxPixels = pixelCap(type, meta);
  if (meta.width * meta.height > maxPixels) {
    throw new ApiError(413, 'photos:errors.tooManyPixels', { megapixels: maxPixels / 1_000_000 });
  }
  if (Math.min(meta.width, meta.height) < PHOTO_MIN_SIDE) throw new ApiError(422, 'photos:errors.tooSmall', { min: PHOTO_MIN_SIDE });

  let pixels: { data: Buffer; info: OutputInfo };
  try {
    // One decode (JPEG shrink-on-load makes it cheap), upright by the EXIF orientation,
    // converted to sRGB; both outputs are encoded from these raw pixels.
    pixels = await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' })
      .autoOrient()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new ApiError(415, 'photos:errors.unreadable');
  }
  const raw = { raw: { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels } };
  const [full, thumb] = await Promise.all([
    sharp(pixels.data, raw).webp({ quality: FULL_QUALITY }).toBuffer(),
    sharp(pixels.data, raw)
      .resize(THUMB_WIDTH, THUMB_HEIGHT, { fit: 'cover', position: sharp.strategy.attention })
      .webp({ quality: THUMB_QUALITY })
      .toBuffer(),
  ]);
  return { full, thumb, width: pixels.info.width, height: pixels.info.height };
}
