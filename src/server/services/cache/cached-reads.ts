// The per-process caches fed by the change feed (pushed-cache.ts: partners, members, catalogue
// versions, clicks, deals available to events) learn of writes by NOTIFY, milliseconds later. A
// process's own write must show on its next read (read-your-writes), so every operation that
// writes the rows those caches hold — partners, members (updates and deletes), deals, their
// categories, rules and hides, categories — is declared with `writesCachedRows`, and the caches
// are forgotten when it settles. An operation that writes none of them is left alone.
import { changeFeed } from "@/server/background/change-feed";

/** This process changed rows the pushed caches hold: forget them now rather than at the NOTIFY. */
export function forgetCachedReads(): void {
  changeFeed().localChange();
}

/**
 * Declares `operation` a writer of cached rows: when it settles, committed or failed (a failure
 * may follow a commit), the caches are forgotten.
 */
export function writesCachedRows<A extends unknown[], R>(operation: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args) => {
    try {
      return await operation(...args);
    } finally {
      forgetCachedReads();
    }
  };
}
