// Workaround for electric-sql/pglite#1046 (open; fix proposed in PR #977), present in
// @electric-sql/pglite-socket 0.2.x: the socket server funnels every connection into ONE PGlite
// session and schedules single protocol messages, pinning a connection only inside a SQL
// transaction. An extended-protocol batch (Parse/Bind/Describe/Execute … Sync) is not a
// transaction, so two connections' batches interleave and clobber the unnamed statement/portal:
// "bind message supplies 3 parameters, but prepared statement "" requires 2", `portal "" does not
// exist`, or silently wrong rows. Also, one failed message left the queue stuck forever.
// This replaces the queue's scheduler: a connection that started a batch keeps the session until
// its Sync (or a simple Query) has run, and a failure never stops the queue.
// It reaches into the library's private QueryQueueManager, so package.json pins the exact version it
// was written against (0.2.17); test/db/pglite-queue-fix.test.ts fails when that shape changes or the
// patch stops applying.
type QueueItem = {
  handlerId: number;
  message: Uint8Array;
  resolve: (bytes: number) => void;
  reject: (err: unknown) => void;
  onData: (data: Uint8Array) => void;
};
type SessionDb = {
  isInTransaction(): boolean;
  runExclusive<T>(fn: () => Promise<T>): Promise<T>;
  execProtocolRawStream(message: Uint8Array, opts: { onRawData: (data: Uint8Array) => void }): Promise<unknown>;
};
type QueryQueue = {
  queue: QueueItem[];
  processing: boolean;
  lastHandlerId: number | null;
  db: SessionDb;
  processQueue: () => Promise<void>;
  clearQueueForHandler: (handlerId: number) => void;
};

// Frontend messages that open or continue an extended-protocol batch: Parse, Bind, Describe,
// Execute, Close, Flush. Sync ends it; a simple Query is self-contained.
const BATCH_MESSAGES = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]);
const SYNC = 0x53;
const QUERY = 0x51;

/** Installs the scheduler on a PGLiteSocketServer's queue; false when the queue is not the one it knows (library changed). */
export function pinExtendedProtocolBatches(server: unknown): boolean {
  const q = (server as { queryQueue?: QueryQueue }).queryQueue;
  if (!q || typeof q.processQueue !== "function" || !Array.isArray(q.queue)) return false; // library changed
  let batchOwner: number | null = null;

  q.processQueue = async () => {
    if (q.processing || q.queue.length === 0) return;
    q.processing = true;
    try {
      while (q.queue.length > 0) {
        const pinned = batchOwner ?? (q.db.isInTransaction() ? q.lastHandlerId : null);
        let item: QueueItem;
        if (pinned !== null) {
          const k = q.queue.findIndex((i) => i.handlerId === pinned);
          if (k === -1) break; // wait for the pinned connection's next message
          item = q.queue.splice(k, 1)[0];
        } else {
          item = q.queue.shift()!;
        }
        const type = item.message[0];
        let bytes = 0;
        try {
          await q.db.runExclusive(() =>
            q.db.execProtocolRawStream(item.message, {
              onRawData: (data) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (err) {
          if (batchOwner === item.handlerId) batchOwner = null;
          item.reject(err);
          continue;
        }
        if (BATCH_MESSAGES.has(type)) batchOwner = item.handlerId;
        else if ((type === SYNC || type === QUERY) && batchOwner === item.handlerId) batchOwner = null;
        q.lastHandlerId = item.handlerId;
        item.resolve(bytes);
      }
    } finally {
      q.processing = false;
    }
  };

  const clear = q.clearQueueForHandler.bind(q);
  q.clearQueueForHandler = (handlerId: number) => {
    clear(handlerId);
    if (batchOwner === handlerId) {
      batchOwner = null; // the connection went away mid-batch: release the session
      void q.processQueue();
    }
  };
  return true;
}
