import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * The message list's scrolling: new messages (and the typing dots) scroll into view while
 * the member is at the bottom (or wrote them); reading older ones leaves the view alone.
 */
export function useStickyScroll(messages: unknown, typing: boolean) {
  const scroller = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && stickToBottom.current) el.scrollTop = el.scrollHeight;
  }, [messages, typing]);
  // The composer grows with its text (and the keyboard opens on a phone): the newest messages stay in view.
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (stickToBottom.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const onScroll = () => {
    const el = scroller.current;
    if (el) stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
  };
  const setSticky = (sticky: boolean) => {
    stickToBottom.current = sticky;
  };
  return { scroller, onScroll, setSticky };
}
