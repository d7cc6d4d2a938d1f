import { SERVICE_WORKER_PATH, workerMessageSchema, type WorkerMessage } from '../../common/notifications/push-payload';

/**
 * The site's service worker (spec 9: version 2): push notifications, the installed app's
 * offline page. Registering is best effort: a browser without service workers (or a private
 * window refusing them) simply has no push and no offline page.
 */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  try {
    return await navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: '/' });
  } catch {
    return null;
  }
}

/** The active registration, waiting for it when one is being installed; null without one. */
export async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  try {
    const existing = await navigator.serviceWorker.getRegistration('/');
    return existing ? await navigator.serviceWorker.ready : null;
  } catch {
    return null;
  }
}

/** Listens to the worker's messages to open tabs (a push arrived); returns the stop function. */
export function onWorkerMessage(listener: (message: WorkerMessage) => void): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => undefined;
  const handler = (event: MessageEvent) => {
    const parsed = workerMessageSchema.safeParse(event.data);
    if (parsed.success) listener(parsed.data);
  };
  navigator.serviceWorker.addEventListener('message', handler);
  return () => navigator.serviceWorker.removeEventListener('message', handler);
}
