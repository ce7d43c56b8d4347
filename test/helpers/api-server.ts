// Starts the API (the same handler table the app serves on /v1 and /events/track) on a random
// local port, so tests speak real HTTP to it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { handleApiRequest } from "@/server/http/handle-api-request";
import { sendFetchResponse, toFetchRequest } from "@/server/http/node-adapter";

export type TestServer = { url: string; close: () => Promise<void> };

/** `handler`: the app's by default; tests of the plumbing pass one from createApiHandler({...}). */
export async function startApiServer(handler: (request: Request) => Promise<Response> = handleApiRequest): Promise<TestServer> {
  const server = http.createServer(async (req, res) => {
    const origin = `http://${req.headers.host ?? "localhost"}`;
    await sendFetchResponse(res, await handler(toFetchRequest(req, origin)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
