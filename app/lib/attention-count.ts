import { useSyncExternalStore } from 'react';

/**
 * Unread messages + new likes: the number in the page title's brackets (spec section 2).
 * The chat and likes features report their counts here; the shell shows the sum.
 */
const counts = new Map<string, number>();
const listeners = new Set<() => void>();
/** The sum (read it, not a copy of it: an ES module binding stays current). */
export let total = 0;

export function setAttentionCount(source: 'messages' | 'likes', value: number): void {
  counts.set(source, value);
  const next = [...counts.values()].reduce((a, b) => a + b, 0);
  if (next === total) return;
  total = next;
  for (const l of listeners) l();
}

/** Calls `l` whenever the sum changes (the installed app's badge follows it); returns the unsubscribe function. */
export const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Whether a feature reported this count already (the user object's value is then stale). */
export function hasAttentionCount(source: 'messages' | 'likes'): boolean {
  return counts.has(source);
}

/** One source's count: what its feature reported last, else `fallback` (the user object's value). */
export function useAttentionSource(source: 'messages' | 'likes', fallback: number): number {
  return useSyncExternalStore(subscribe, () => counts.get(source) ?? fallback, () => fallback);
}

export function useAttentionCount(): number {
  return useSyncExternalStore(subscribe, () => total, () => 0);
}
