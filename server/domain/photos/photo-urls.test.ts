import { describe, expect, it } from 'vitest';
import { MediaSigner, PhotoUrls } from './photo-urls';

const HOUR_MS = 3_600_000;
const signer = new MediaSigner('test-media-secret');
const at = Date.UTC(2026, 0, 10, 14, 20, 5);

function parts(url: string) {
  const [, , , expires, signature, ...key] = url.split('/');
  return { expires: expires!, signature: signature!, key: key.join('/') };
}

describe('MediaSigner', () => {
  it('makes URLs that live one to two hours and end on a whole hour', () => {
    const { expires } = parts(signer.url('p/ab/0123.webp', at));
    expect(Number(expires)).toBe(Date.UTC(2026, 0, 10, 16) / 1000);
    // The same URL all through the hour, so caches hit.
    expect(signer.url('p/ab/0123.webp', at + 30 * 60_000)).toBe(signer.url('p/ab/0123.webp', at));
    expect(signer.url('p/ab/0123.webp', Date.UTC(2026, 0, 10, 15, 0, 1))).not.toBe(signer.url('p/ab/0123.webp', at));
  });

  it('accepts its own URLs until they expire and nothing altered', () => {
    const url = signer.url('p/ab/0123.webp', at);
    const { expires, signature, key } = parts(url);
    expect(url).toBe(`/media/s/${expires}/${signature}/p/ab/0123.webp`);
    expect(signer.verify(expires, signature, key, at + HOUR_MS)).toBe('ok');
    expect(signer.verify(expires, signature, key, Number(expires) * 1000)).toBe('expired');
    expect(signer.verify(expires, signature, 'p/ab/0124.webp', at)).toBe('invalid');
    expect(signer.verify(String(Number(expires) + 3600), signature, key, at)).toBe('invalid');
    expect(signer.verify(expires, `${signature.slice(0, -1)}A`.replace(/AA$/, 'AB'), key, at)).toBe('invalid');
    expect(signer.verify(expires, signature, '../secrets.json', at)).toBe('invalid');
    expect(signer.verify('1e12', signature, key, at)).toBe('invalid');
    expect(new MediaSigner('another secret').verify(expires, signature, key, at)).toBe('invalid');
  });
});

describe('PhotoUrls', () => {
  const urls = new PhotoUrls(signer);
  const photo = { memberId: 7, filename: 'p/ab/full.webp', thumbFilename: 'p/ab/thumb.webp' };

  it('signs every file, the demo pool included', () => {
    expect(urls.file('demo/female-001.webp')).toMatch(/^\/media\/s\/\d+\/[\w-]{22}\/demo\/female-001\.webp$/);
    expect(urls.file('p/ab/full.webp')).toMatch(/^\/media\/s\/\d+\/[\w-]{22}\/p\/ab\/full\.webp$/);
  });

  it('shows a photo in inspection to its owner only, an active one to all, a deleted one to none', () => {
    expect(urls.mainImage({ ...photo, status: 'in_inspection' }, 7)).toMatchObject({ status: 'in_inspection' });
    expect(urls.mainImage({ ...photo, status: 'in_inspection' }, 8)).toBeNull();
    expect(urls.mainImage({ ...photo, status: 'in_inspection' }, null)).toBeNull();
    expect(urls.mainImage({ ...photo, status: 'active' }, null)).toMatchObject({ status: 'active' });
    expect(urls.mainImage({ ...photo, status: 'deleted' }, 7)).toBeNull();
    expect(urls.mainImage(null, 7)).toBeNull();
  });
});
