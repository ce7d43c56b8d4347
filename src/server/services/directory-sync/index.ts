// The directory-sync module (contract section 20): directory tokens for /scim/v2, their request log
// and the directory's last sync. The SCIM users themselves are members (services/members).
// Code outside the module imports from here only.
export { authenticateDirectoryToken, findDirectoryToken, type DirectoryCaller } from "./authenticate-directory-token";
export { flushDirectoryRequests, listDirectoryRequests, recordDirectoryRequest } from "./directory-requests";
export { createDirectoryToken, revokeDirectoryToken } from "./directory-tokens";
export { getDirectorySyncOverview } from "./directory-sync-overview";
