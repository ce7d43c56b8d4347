// The Directory sync card reads one overview (directorySync.overview): right after a directory's
// request, the token's "last used", the request log and the last sync agree. The log is written off
// the request's path (batched per process), so the overview writes what is pending before any read.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTRPCContext } from "@/server/trpc/context";
import { createCaller } from "@/server/trpc/routers/_app";
import { scim, seedDirectory, startScimDoors, type ScimDoors } from "../helpers/scim";
import { seedRoleAdmin } from "./trpc-http";

let doors: ScimDoors;
beforeAll(async () => (doors = await startScimDoors()));
afterAll(async () => doors?.close());

describe("directorySync.overview", () => {
  it("a token's last use, the log and the last sync agree right after a request", async () => {
    const directory = await seedDirectory("live");
    const admin = await seedRoleAdmin(directory.partner.id, "owner");
    const caller = createCaller(await createTRPCContext({ headers: new Headers(), claims: admin.claims }));
    expect((await scim(doors.lean.url, directory.token, "GET", "/Users")).status).toBe(200);

    const overview = await caller.directorySync.overview();
    expect(overview.environment).toBe("live");
    expect(overview.requests).toHaveLength(1);
    expect(overview.last_sync_at).not.toBeNull();
    expect(overview.tokens).toEqual([expect.objectContaining({ id: directory.tokenId, last_used_at: overview.last_sync_at })]);
  });
});
