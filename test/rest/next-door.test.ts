// The Next door's handlers (src/server/rest/next-door.ts) never encode a body themselves, whatever the
// client accepts: Next's own server compresses what a route handler answers (docs/decisions/two-doors.md).
// Called here as Next calls them, with the Request Next builds; test/ops/deployment.test.ts runs the
// built `next start`.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextRouteHandlers } from "@/server/rest/next-door";
import { seedPartnerWithToken } from "../helpers/seed";
import { seedServicepassDeals } from "../helpers/seed-deals";
import { startApiServer, type TestServer } from "../helpers/api-server";

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startApiServer();
  token = (await seedPartnerWithToken(server.url)).token;
  await seedServicepassDeals(Array.from({ length: 4 }, (_, i) => ({ product_name: `Next door deal ${i}` })));
});
afterAll(async () => server.close());

describe("the Next door", () => {
  it("answers every client plain JSON with Vary, as the lean door does without Accept-Encoding", async () => {
    const { GET } = nextRouteHandlers();
    const path = "/v1/deals?limit=20&q=next%20door%20deal";
    const lean = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}`, "accept-encoding": "identity" } });
    const expected = await lean.text();
    for (const accept of ["br", "gzip", "gzip, deflate, br", "identity"]) {
      const res = await GET(new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}`, "accept-encoding": accept } }));
      expect(res.status, accept).toBe(200);
      expect(res.headers.get("content-encoding"), accept).toBeNull();
      expect(res.headers.get("vary"), accept).toMatch(/Accept-Encoding/i);
      expect(await res.text(), accept).toBe(expected);
    }
  });
});
