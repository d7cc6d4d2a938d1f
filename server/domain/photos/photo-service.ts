import type { FastifyBaseLogger } from 'fastify';
import { PHOTO_LIMIT_FREE, PHOTO_LIMIT_PREMIUM } from '../../../common/limits';
import { CHAT_PHOTOS_UNSENT_MAX, type PhotoKind } from '../../../common/photos/photo-schema';
import type { Db } from '../../db/database';
import { ApiError } from '../../http/api-error';
import type { ObjectStorage } from '../../storage/object-storage';
import { randomKeyId } from '../../storage/storage-keys';
import { isDemoKey } from './media-url';
import type { ImageJobs } from './image-jobs';
import { processPhoto } from './image-processing';
import {
  countProfilePhotos,
  countUnsentChatPhotos,
  findOwnPhoto,
  insertPhoto,
  listOwnPhotos,
  lockMember,
  markPhotoDeleted,
  memberPhotoState,
  nextMainPhotoId,
  setMainPhoto,
  writePhotoPositions,
  type PhotoRow,
} from './photos-repository';

export interface PhotoDeps {
  db: Db;
  storage: ObjectStorage;
  /** PHOTO_AUTO_APPROVE: uploads go live at once (demos) instead of waiting for inspection. */
  autoApprove: boolean;
  log: FastifyBaseLogger;
  /** The process's bound on concurrent image work (IMAGE_JOBS). */
  imageJobs: ImageJobs;
}

/** Spec section 9: 3 gallery photos for free members, 25 for premium ones. */
export function photoLimit(paidUser: boolean): number {
  return paidUser ? PHOTO_LIMIT_PREMIUM : PHOTO_LIMIT_FREE;
}

const unsentLimitReached = () => new ApiError(409, 'photos:errors.unsentChatPhotos', { limit: CHAT_PHOTOS_UNSENT_MAX });

function limitReached(paidUser: boolean): ApiError {
  return paidUser
    ? new ApiError(409, 'photos:errors.limitPremium', { limit: PHOTO_LIMIT_PREMIUM })
    : new ApiError(409, 'photos:errors.limitFree', { limit: PHOTO_LIMIT_FREE, premiumLimit: PHOTO_LIMIT_PREMIUM });
}

/** Random keys: nothing in a key tells whose photo it is or where the next one lies. */
function newKeys(kind: PhotoKind): { filename: string; thumbFilename: string } {
  const id = randomKeyId();
  const folder = `${kind === 'chat' ? 'c' : 'p'}/${id.slice(0, 2)}`;
  return { filename: `${folder}/${id}.webp`, thumbFilename: `${folder}/${randomKeyId()}.webp` };
}

/**
 * Removes the files of photos from storage. Keys of the demo pool ("demo/...") are kept:
 * those files are shared by many demo members. Use this (not storage.delete) wherever
 * photos go away, e.g. when deleted accounts are purged. A failure is logged, not thrown.
 */
export async function removePhotoFiles(storage: ObjectStorage, keys: string[], log: Pick<FastifyBaseLogger, 'error'>): Promise<void> {
  await Promise.all(
    keys.filter((key) => !isDemoKey(key)).map((key) => storage.delete(key).catch((err: unknown) => log.error({ err, key }, 'could not remove a photo file'))),
  );
}

const removeFiles = (deps: PhotoDeps, keys: string[]) => removePhotoFiles(deps.storage, keys, deps.log);

/**
 * Stores an upload and records it. The image work and the file writes happen before the
 * transaction (it holds the member's row lock only for a few queries); the limit is checked
 * again under that lock, and the files are removed when the row is not written.
 */
export async function uploadPhoto(deps: PhotoDeps, memberId: number, bytes: Buffer, kind: PhotoKind): Promise<{ photo: PhotoRow; mainPhotoId: number | null }> {
  if (kind === 'profile') {
    const member = await memberPhotoState(deps.db, memberId);
    // Early answer without spending CPU on an image that could not be kept anyway.
    if (member && (await countProfilePhotos(deps.db, memberId)) >= photoLimit(member.paidUser)) throw limitReached(member.paidUser);
  } else if ((await countUnsentChatPhotos(deps.db, memberId)) >= CHAT_PHOTOS_UNSENT_MAX) {
    // Chat photos nobody sends would otherwise be free image work and storage without end.
    throw unsentLimitReached();
  }
  const image = await deps.imageJobs.run(() => processPhoto(bytes));
  const keys = newKeys(kind);
  await Promise.all([deps.storage.put(keys.filename, image.full, 'image/webp'), deps.storage.put(keys.thumbFilename, image.thumb, 'image/webp')]);
  try {
    return await deps.db.transaction(async (tx) => {
      const member = await lockMember(tx, memberId);
      if (!member) throw new ApiError(403, 'errors.authRequired');
      if (kind === 'profile' && (await countProfilePhotos(tx, memberId)) >= photoLimit(member.paidUser)) throw limitReached(member.paidUser);
      if (kind === 'chat' && (await countUnsentChatPhotos(tx, memberId)) >= CHAT_PHOTOS_UNSENT_MAX) throw unsentLimitReached();
      const photo = await insertPhoto(tx, {
        memberId,
        ...keys,
        width: image.width,
        height: image.height,
        kind,
        // A chat photo is private (only the two members get its signed URLs): no public inspection queue.
        status: deps.autoApprove || kind === 'chat' ? 'active' : 'in_inspection',
      });
      let mainPhotoId = member.mainPhotoId;
      if (kind === 'profile' && mainPhotoId === null) {
        mainPhotoId = photo.id;
        await setMainPhoto(tx, memberId, photo.id);
      }
      return { photo, mainPhotoId };
    });
  } catch (error) {
    await removeFiles(deps, [keys.filename, keys.thumbFilename]);
    throw error;
  }
}

export async function listPhotos(deps: PhotoDeps, memberId: number, kind: PhotoKind): Promise<PhotoRow[]> {
  return listOwnPhotos(deps.db, memberId, kind);
}

/**
 * Marks the member's photo deleted and removes its files. When it was the main photo,
 * the next one takes its place (or none). Another member's photo is "not found": the
 * answer does not even tell that the id exists.
 */
export async function deletePhoto(deps: PhotoDeps, memberId: number, photoId: number): Promise<{ mainPhotoId: number | null }> {
  const { photo, mainPhotoId } = await deps.db.transaction(async (tx) => {
    const member = await lockMember(tx, memberId);
    const found = member && (await findOwnPhoto(tx, memberId, photoId));
    if (!member || !found) throw new ApiError(404, 'photos:errors.notFound');
    await markPhotoDeleted(tx, found.id);
    let main = member.mainPhotoId;
    if (main === found.id) {
      main = await nextMainPhotoId(tx, memberId);
      await setMainPhoto(tx, memberId, main);
    }
    return { photo: found, mainPhotoId: main };
  });
  // After the commit: a failed removal leaves an orphan file, never a row without its file.
  await removeFiles(deps, [photo.filename, photo.thumbFilename]);
  return { mainPhotoId };
}

/**
 * Puts the member's profile photos in the order given: the listed ones first, in that order,
 * then any not listed in their old order. Every id must be one of the member's own profile
 * photos not deleted, else nothing changes (404, as for a photo that does not exist).
 */
export async function reorderPhotos(deps: PhotoDeps, memberId: number, order: readonly number[]): Promise<{ photos: PhotoRow[]; mainPhotoId: number | null }> {
  if (new Set(order).size !== order.length) throw new ApiError(400, 'errors.invalidInput');
  return deps.db.transaction(async (tx) => {
    const member = await lockMember(tx, memberId);
    if (!member) throw new ApiError(404, 'photos:errors.notFound');
    const current = await listOwnPhotos(tx, memberId, 'profile');
    const own = new Set(current.map((p) => p.id));
    if (order.some((id) => !own.has(id))) throw new ApiError(404, 'photos:errors.notFound');
    const listed = new Set(order);
    const ids = [...order, ...current.filter((p) => !listed.has(p.id)).map((p) => p.id)];
    await writePhotoPositions(tx, memberId, ids);
    return { photos: await listOwnPhotos(tx, memberId, 'profile'), mainPhotoId: member.mainPhotoId };
  });
}

/** Makes one of the member's own profile photos (active or in inspection) the main photo. */
export async function chooseMainPhoto(deps: PhotoDeps, memberId: number, photoId: number): Promise<{ mainPhotoId: number }> {
  return deps.db.transaction(async (tx) => {
    const member = await lockMember(tx, memberId);
    const found = member && (await findOwnPhoto(tx, memberId, photoId));
    if (!member || !found || found.kind !== 'profile' || (found.status !== 'active' && found.status !== 'in_inspection')) {
      throw new ApiError(404, 'photos:errors.notFound');
    }
    await setMainPhoto(tx, memberId, found.id);
    return { mainPhotoId: found.id };
  });
}
