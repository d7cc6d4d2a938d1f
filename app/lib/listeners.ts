/** A set of listeners called in turn; one that throws does not keep the others from running. */
export function createListeners<A extends unknown[]>() {
  const listeners = new Set<(...args: A) => void>();
  return {
    /** Adds a listener; returns its removal. */
    add(listener: (...args: A) => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    call(...args: A): void {
      for (const listener of [...listeners]) {
        try {
          listener(...args);
        } catch (error) {
          // One broken listener must not stop the others; the error still reaches the console.
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    },
  };
}
