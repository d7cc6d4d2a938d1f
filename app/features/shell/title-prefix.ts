import { useEffect } from 'react';

const PREFIX = /^\(\d+\+?\) ?/;

/** Spec section 2: the page title is prefixed with unread messages + new likes in brackets. */
export function formatTitle(title: string, count: number): string {
  const bare = title.replace(PREFIX, '');
  // Trimmed: the browser strips a title's trailing space, and an untrimmed one would never settle.
  return count > 0 ? `(${count}) ${bare}`.trim() : bare;
}

/** Keeps document.title prefixed with `count` across navigations. */
export function useTitlePrefix(count: number): void {
  useEffect(() => {
    const apply = () => {
      const next = formatTitle(document.title, count);
      if (next !== document.title) document.title = next;
    };
    apply();
    // React replaces or rewrites <title> after navigation; re-apply when it does. Watching
    // the whole head also catches a title element that was swapped for a new one.
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { childList: true, characterData: true, subtree: true });
    return () => observer.disconnect();
  }, [count]);
}
