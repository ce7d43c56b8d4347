// The Directory sync card in one read: tokens, the last requests and the last sync time.
import type { DirectorySyncOverviewDto } from "@/server/schemas/directory-sync.schema";
import type { PartnerScope } from "@/server/scope";
import { flushDirectoryRequests, getLastDirectorySync, listDirectoryRequests } from "./directory-requests";
import { listDirectoryTokens } from "./directory-tokens";

/** `baseUrl`: the SCIM base URL the directory is given (the adapter knows the app's address). */
export async function getDirectorySyncOverview(scope: PartnerScope, baseUrl: string): Promise<DirectorySyncOverviewDto> {
  // Written first, then read: a token's "last used" agrees with the log and the last sync beside it.
  await flushDirectoryRequests();
  const [tokens, requests, lastSync] = await Promise.all([listDirectoryTokens(scope), listDirectoryRequests(scope), getLastDirectorySync(scope)]);
  return { environment: scope.environment, base_url: baseUrl, last_sync_at: lastSync?.toISOString() ?? null, tokens, requests };
}
