// Opaque cursors of the paged lists (/v1 and the portal): encoded, decoded, refused when forged.
// Code outside the module imports from here only.
export { type CreatedAtCursor, decodeCreatedAtCursor, decodeCursor, encodeCreatedAtCursor, encodeCursor, invalidCursor } from "./list-cursor";
