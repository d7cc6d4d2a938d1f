import { useEffect } from 'react';
import { useLocation } from 'react-router';

const PREFIX = /^\(\d+\+?\) /;

/** Spec section 2: the page title is prefixed with unread messages + new likes in brackets. */
export function formatTitle(title: string, count: number): string {
  const bare = title.replace(PREFIX, '');
  return count > 0 ? `(${count}) ${bare}` : bare;
}

/** Keeps document.title prefixed with `count` across navigations. */
export function useTitlePrefix(count: number): void {
  const location = useLocation();
  useEffect(() => {
    const apply = () => {
      const next = formatTitle(document.title, count);
      if (next !== document.title) document.title = next;
    };
    apply();
    // React Router replaces <title> after navigation; re-apply when it does.
    const title = document.querySelector('title');
    if (!title) return;
    const observer = new MutationObserver(apply);
    observer.observe(title, { childList: true, characterData: true, subtree: true });
    return () => observer.disconnect();
  }, [count, location.key]);
}
