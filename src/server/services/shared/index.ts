// Utilities several modules use (cursors, fenced batches, pushed caches, secret tokens); no business rules.
// Code outside the module imports from here only.
export { fencedBatch } from "./fenced-batch";
export { decodeCreatedAtCursor, decodeCursor, encodeCreatedAtCursor, encodeCursor, invalidCursor } from "./list-cursor";
export { PushedCache } from "./pushed-cache";
export { generateToken, hashToken, isWellFormedToken } from "./secret-token";
export { forgetCachedReads, writesCachedRows } from "./cached-reads";
