import { useSyncExternalStore } from 'react';

/**
 * Unread messages + new likes: the number in the page title's brackets (spec section 2).
 * The chat and likes features report their counts here; the shell shows the sum.
 */
const counts = new Map<string, number>();
const listeners = new Set<() => void>();
let total = 0;

export function setAttentionCount(source: 'messages' | 'likes', value: number): void {
  counts.set(source, Math.max(0, value));
  const next = [...counts.values()].reduce((a, b) => a + b, 0);
  if (next === total) return;
  total = next;
  for (const l of listeners) l();
}

export function useAttentionCount(): number {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => total,
    () => 0,
  );
}
