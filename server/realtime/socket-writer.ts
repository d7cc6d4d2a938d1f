import type { WebSocket } from 'ws';
import type { LiveServerMessage } from '../../common/chat/chat-schema';

/** A browser that reads this much slower than events come is dropped; it resumes on reconnect. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** Writes a connection's frames: dropped once closed, the connection ended when the browser falls behind. */
export class SocketWriter {
  private corked = false;

  constructor(private readonly socket: WebSocket) {}

  write(message: LiveServerMessage): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) return void this.socket.terminate();
    this.corkUntilNextTick();
    this.socket.send(JSON.stringify(message));
  }

  /**
   * Frames written in the same turn of the event loop leave in one system call (a send's
   * own event and its answer, a replay): the TCP socket (ws keeps it as `_socket`) is
   * corked until the next tick.
   */
  private corkUntilNextTick(): void {
    if (this.corked) return;
    const tcp = (this.socket as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
    if (!tcp) return;
    this.corked = true;
    tcp.cork();
    process.nextTick(() => {
      this.corked = false;
      tcp.uncork();
    });
  }
}
