// Cache plumbing several modules share: per-process caches the change feed keeps fresh, coalesced
// reads, and the marks that tell the change feed which cached rows a write touched. No business rules.
// Code outside the module imports from here only.
export { fencedBatch } from "./fenced-batch";
export { PushedCache } from "./pushed-cache";
export { forgetCachedReads, writesCachedRows } from "./cached-reads";
