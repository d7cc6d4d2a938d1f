import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** Images made on the fly for the photo tests and the upload benchmark. */

/** A JPEG of a horizontal gradient (so orientation and cropping change pixels, not only sizes). */
export async function gradientJpeg(width: number, height: number, quality = 90): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#c0392b"/><stop offset="1" stop-color="#2980b9"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 3}" cy="${height / 2}" r="${Math.min(width, height) / 5}" fill="#f1c40f"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality }).toBuffer();
}

export async function flatImage(format: 'png' | 'webp' | 'jpeg', width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 80 } } })
    .toFormat(format)
    .toBuffer();
}

/** A JPEG whose pixels are random: as costly to decode as a real camera photo. */
export async function noisyJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

function ifdEntry(tag: number, type: number, count: number, value: Buffer): Buffer {
  const entry = Buffer.alloc(12);
  entry.writeUInt16BE(tag, 0);
  entry.writeUInt16BE(type, 2);
  entry.writeUInt32BE(count, 4);
  value.copy(entry, 8);
  return entry;
}

const u16 = (n: number) => Buffer.from([n >> 8, n & 0xff, 0, 0]);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const rationals = (...pairs: [number, number][]) => Buffer.concat(pairs.map(([a, b]) => Buffer.concat([u32(a), u32(b)])));

/**
 * The JPEG with an EXIF block as a phone writes it: an orientation (6 = turn 90° clockwise
 * to view) and a GPS position (52°22'N 4°53'E, Amsterdam), written byte by byte.
 */
export function withExifGps(jpeg: Buffer, orientation = 6): Buffer {
  // TIFF, big-endian: header (8), IFD0 with 2 entries (30), GPS IFD with 5 entries (66), then 2 x 3 rationals.
  const gpsIfdOffset = 8 + 30;
  const dataOffset = gpsIfdOffset + 66;
  const ifd0 = Buffer.concat([u16(2).subarray(0, 2), ifdEntry(0x0112, 3, 1, u16(orientation)), ifdEntry(0x8825, 4, 1, u32(gpsIfdOffset)), u32(0)]);
  const gps = Buffer.concat([
    u16(5).subarray(0, 2),
    ifdEntry(0x0000, 1, 4, Buffer.from([2, 2, 0, 0])),
    ifdEntry(0x0001, 2, 2, Buffer.from('N\0\0\0', 'latin1')),
    ifdEntry(0x0002, 5, 3, u32(dataOffset)),
    ifdEntry(0x0003, 2, 2, Buffer.from('E\0\0\0', 'latin1')),
    ifdEntry(0x0004, 5, 3, u32(dataOffset + 24)),
    u32(0),
  ]);
  const tiff = Buffer.concat([Buffer.from('MM\0\x2a', 'latin1'), u32(8), ifd0, gps, rationals([52, 1], [22, 1], [0, 1]), rationals([4, 1], [53, 1], [0, 1])]);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1]), Buffer.from([(payload.length + 2) >> 8, (payload.length + 2) & 0xff]), payload]);
  // Right after the start-of-image marker, where cameras put it.
  return Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32(data.length), body, u32(crc32(body))]);
}

/** A tiny PNG whose header claims width x height (a "decompression bomb"): it has no real pixel data. */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const ihdr = Buffer.concat([u32(width), u32(height), Buffer.from([8, 2, 0, 0, 0])]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IDAT', Buffer.alloc(0)), pngChunk('IEND', Buffer.alloc(0))]);
}

/**
 * A JPEG like a camera's: soft random shapes at full size (noise drawn small and scaled
 * up), about 3 MB at 12 megapixels, as costly to decode as a real photo.
 */
export async function photoLikeJpeg(width: number, height: number): Promise<Buffer> {
  const seed = await sharp({ create: { width: Math.round(width / 8), height: Math.round(height / 8), channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png()
    .toBuffer();
  return sharp(seed).resize(width, height, { kernel: 'cubic' }).blur(1.2).jpeg({ quality: 90 }).toBuffer();
}
