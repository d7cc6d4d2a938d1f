/** Received events are acknowledged (delivery receipts) this long after the last one came. */
export const ACK_DELAY_MS = 300;

/**
 * The delivery receipts of a live connection: the last event received is acknowledged once
 * events pause, and only when a message from the other member came since the last
 * acknowledgement (receipts, likes and one's own messages make none: half the
 * acknowledgements of a chat, each a frame and a look at the event log on the server).
 * The next acknowledgement covers everything up to it.
 */
export function createAcks(write: (seq: number) => void, isOpen: () => boolean) {
  /** The last seq of an event this tab received (what acknowledgements report), and the last acknowledged. */
  let receivedSeq = 0;
  let ackedSeq = 0;
  let receiptDue = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function flush(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!receiptDue || receivedSeq <= ackedSeq || !isOpen()) return;
    receiptDue = false;
    ackedSeq = receivedSeq;
    write(receivedSeq);
  }

  return {
    flush,
    /** An event came (before its listeners run). */
    received(seq: number, fromOtherMember: boolean): void {
      receivedSeq = seq;
      if (fromOtherMember) receiptDue = true;
    },
    /** After the listeners: a receipt that is due goes once events pause. */
    schedule(): void {
      if (!receiptDue) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, ACK_DELAY_MS);
    },
    /** The server restarted the log at `seq`: nothing after it was received or acknowledged. */
    reset(seq: number): void {
      receivedSeq = Math.min(receivedSeq, seq);
      ackedSeq = Math.min(ackedSeq, seq);
    },
  };
}
