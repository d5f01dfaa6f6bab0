import type { PGlite } from "@electric-sql/pglite";

type Pending = {
  handlerId: number;
  message: Uint8Array;
  onData: (chunk: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
};

const READY_FOR_QUERY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I': no transaction open

/**
 * Reads the backend's answer as it streams and remembers the status of the last ReadyForQuery
 * ('Z') message. Messages can be split across chunks, so the header is assembled byte by byte.
 */
class ReadyWatcher {
  private header: number[] = [];
  private remaining = 0;
  private inReady = false;
  lastStatus: number | null = null;

  feed(chunk: Uint8Array): void {
    for (let i = 0; i < chunk.length; ) {
      if (this.remaining > 0) {
        const take = Math.min(this.remaining, chunk.length - i);
        if (this.inReady) this.lastStatus = chunk[i + take - 1];
        this.remaining -= take;
        i += take;
        continue;
      }
      this.header.push(chunk[i++]);
      if (this.header.length === 5) {
        const [type, a, b, c, d] = this.header;
        this.inReady = type === READY_FOR_QUERY;
        this.remaining = ((a << 24) | (b << 16) | (c << 8) | d) - 4;
        this.header = [];
      }
    }
  }
}

/**
 * The wire server's query queue, giving one connection the database session from its first
 * message until the backend says ReadyForQuery with no transaction open. The library's own queue
 * only holds the session across an open transaction, so between the Parse, Bind, Execute and
 * Sync of one extended-protocol query another connection could run its own Parse and replace the
 * unnamed prepared statement ("unnamed prepared statement does not exist"). PGlite is a single
 * session; this makes each connection's exchanges atomic in it, as a real server's separate
 * backends are. It implements the interface PGLiteSocketServer calls (enqueue, getQueueLength,
 * clearQueueForHandler, clearTransactionIfNeeded).
 */
export class SessionQueue {
  private queue: Pending[] = [];
  private owner: number | null = null;
  private draining = false;

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (chunk: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.drain();
    });
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.queue = this.queue.filter((item) => {
      if (item.handlerId !== handlerId) return true;
      item.reject(new Error("Handler disconnected"));
      return false;
    });
  }

  /** A connection that closes while holding the session gives it back, rolling back what it left open. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    this.owner = null;
    if (this.db.isInTransaction()) await this.db.exec("ROLLBACK");
    await this.drain();
  }

  private next(): Pending | null {
    const index = this.owner === null ? 0 : this.queue.findIndex((item) => item.handlerId === this.owner);
    return index === -1 || this.queue.length === 0 ? null : this.queue.splice(index, 1)[0];
  }

  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      for (let item = this.next(); item; item = this.next()) {
        const watcher = new ReadyWatcher();
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item!.message, {
              onRawData: (chunk: Uint8Array) => {
                bytes += chunk.length;
                watcher.feed(chunk);
                item!.onData(chunk);
              },
            }),
          );
        } catch (error) {
          this.owner = null;
          item.reject(error);
          continue;
        }
        // No ReadyForQuery yet (a Parse or Bind before its Sync) or one inside a transaction: the session stays this connection's.
        this.owner = watcher.lastStatus === IDLE ? null : item.handlerId;
        item.resolve(bytes);
      }
    } finally {
      this.draining = false;
    }
  }
}
