// Starts the API (the same handler table the app serves on /v1 and /events/track) on a random
// local port, so tests speak real HTTP to it.
import { handleApiRequest } from "@/server/rest/handle-api-request";
import { listenApi } from "@/server/rest/listen-api";

export type TestServer = { url: string; close: () => Promise<void> };

/** `handler`: the app's by default; tests of the plumbing pass one from createApiHandler({...}). */
export async function startApiServer(handler: (request: Request) => Promise<Response> = handleApiRequest): Promise<TestServer> {
  const { url, close } = await listenApi({ handler });
  return { url, close };
}
