import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_UPLOAD_BYTES } from '../../../common/photos/photo-schema';
import { createTranslator } from '../../i18n/translator';
import en from '../../locales/en/photos.json';
import { createApiClient } from '../../lib/api-client';
import { uploadPhoto } from './upload-photo';

const { t } = createTranslator('en', { photos: en });
const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' });

function fakeFetch(status: number, body: unknown, seen: RequestInit[] = []) {
  return createApiClient({
    fetch: async (_url, init) => {
      seen.push(init!);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    },
  });
}

describe('uploadPhoto', () => {
  it('sends the file as the body and resolves with the stored photo', async () => {
    const photo = { id: 1, kind: 'profile', status: 'in_inspection', url: '/media/s/1/x/p/a.webp', thumb_url: '/media/s/1/y/p/b.webp', width: 800, height: 600, main: true };
    const seen: RequestInit[] = [];
    const result = await uploadPhoto(jpeg, { t, client: fakeFetch(200, { photo }, seen) });
    expect(result).toEqual({ ok: true, photo });
    expect(seen[0]).toMatchObject({ method: 'POST', credentials: 'same-origin', body: jpeg, headers: { accept: 'application/json', 'content-type': 'image/jpeg' } });
  });

  it('refuses other types and oversized files before sending anything', async () => {
    const seen: RequestInit[] = [];
    const heic = new Blob(['x'], { type: 'image/heic' });
    expect(await uploadPhoto(heic, { t, client: fakeFetch(200, {}, seen) })).toEqual({ ok: false, message: en.errors.wrongType });
    const big = new Blob([new Uint8Array(PHOTO_MAX_UPLOAD_BYTES + 1)], { type: 'image/png' });
    expect(await uploadPhoto(big, { t, client: fakeFetch(200, {}, seen) })).toEqual({ ok: false, message: 'This photo is too large. The maximum is 15 MB.' });
    expect(seen).toEqual([]);
  });

  it("shows the server's translated message, or a network message", async () => {
    const refused = await uploadPhoto(jpeg, { t, client: fakeFetch(409, { error: { code: 'limitFree', message: 'Server says no' } }) });
    expect(refused).toEqual({ ok: false, message: 'Server says no' });
    const offline = await uploadPhoto(jpeg, { t, client: createApiClient({ fetch: async () => Promise.reject(new TypeError('Failed to fetch')) }) });
    expect(offline).toEqual({ ok: false, message: en.errors.network });
  });
});
