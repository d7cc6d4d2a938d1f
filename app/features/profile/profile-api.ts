import type { ProfileUpdate } from '../../../common/profile/profile-rules';
import { photosEndpoints } from '../../../common/photos/photos-endpoints';
import { profileEndpoints } from '../../../common/profile/profile-endpoints';
import { api } from '../../lib/api';
import { ApiClientError } from '../../lib/api-client';

export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string; fields: Record<string, string> };

async function call<T>(run: () => Promise<T | false>, fallback: string): Promise<Outcome<T>> {
  try {
    const value = await run();
    if (value === false) return { ok: false, message: fallback, fields: {} };
    return { ok: true, value };
  } catch (error) {
    if (error instanceof ApiClientError) return { ok: false, message: error.message, fields: error.fields };
    return { ok: false, message: fallback, fields: {} };
  }
}

export const saveProfile = (update: ProfileUpdate, fallback: string) =>
  call(async () => {
    const body = await api.call(profileEndpoints.save, { body: update });
    if (body === false) return false;
    if (!body.user) throw new Error('no member in the answer');
    return body.user;
  }, fallback);

export const choosePhoto = (id: number, fallback: string) => call(() => api.call(photosEndpoints.choose, { body: { id } }), fallback);

export const deletePhoto = (id: number, fallback: string) => call(() => api.call(photosEndpoints.remove, { body: { id } }), fallback);

export const orderPhotos = (order: number[], fallback: string) =>
  call(async () => {
    const body = await api.call(photosEndpoints.order, { body: { order } });
    return body && body.photos;
  }, fallback);

/** Moves the item at `from` to `to` (both indexes), returning a new array. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
