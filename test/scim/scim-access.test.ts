// /scim/v2 (contract section 20) on both doors: discovery, the directory token (missing, bad, revoked,
// another partner's, the sandbox's), content types, /Groups, and the same answers through our server's
// lean path and Next's route handler.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { revokeDirectoryToken } from "@/server/services/directory-sync";
import { db } from "../helpers/db";
import { parseWith } from "@/server/errors/parse-with";
import { partnerUpdateSchema } from "@/server/schemas/partner.schema";
import { updatePartner } from "@/server/services/partners";
import { ERROR_SCHEMA, PERKWAY_SCHEMA, USER_SCHEMA, ENTERPRISE_SCHEMA, scim, seedDirectory, startScimDoors, type ScimDoors } from "../helpers/scim";

let doors: ScimDoors;
let live: Awaited<ReturnType<typeof seedDirectory>>;
beforeAll(async () => {
  doors = await startScimDoors();
  live = await seedDirectory("live");
});
afterAll(async () => doors?.close());

const userOf = (email: string, extra: Record<string, unknown> = {}) => ({ schemas: [USER_SCHEMA], userName: email, active: true, ...extra });
const uniqueEmail = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.edu`;

describe.each([
  ["lean door (src/server/server.ts)", () => doors.lean.url],
  ["Next door (src/app/scim/v2)", () => doors.next.url],
])("%s", (_name, baseOf) => {
  it("ServiceProviderConfig: patch and filter supported (max 200), etag supported; bulk, sort and changePassword not", async () => {
    const res = await scim(baseOf(), live.token, "GET", "/ServiceProviderConfig");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/scim+json");
    expect(res.body).toMatchObject({
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"],
      patch: { supported: true },
      filter: { supported: true, maxResults: 200 },
      etag: { supported: true },
      bulk: { supported: false },
      sort: { supported: false },
      changePassword: { supported: false },
    });
  });

  it("ResourceTypes and Schemas: User, the enterprise extension and Perkway's member extension", async () => {
    const types = await scim(baseOf(), live.token, "GET", "/ResourceTypes");
    expect(types.status).toBe(200);
    expect(types.body.Resources[0]).toMatchObject({ id: "User", endpoint: "/Users", schema: USER_SCHEMA });
    expect(types.body.Resources[0].schemaExtensions.map((e: { schema: string }) => e.schema)).toEqual([ENTERPRISE_SCHEMA, PERKWAY_SCHEMA]);
    expect((await scim(baseOf(), live.token, "GET", "/ResourceTypes/User")).body.id).toBe("User");
    const schemas = await scim(baseOf(), live.token, "GET", "/Schemas");
    expect(schemas.body.Resources.map((s: { id: string }) => s.id)).toEqual([USER_SCHEMA, ENTERPRISE_SCHEMA, PERKWAY_SCHEMA]);
    const ext = await scim(baseOf(), live.token, "GET", `/Schemas/${PERKWAY_SCHEMA}`);
    expect(ext.body.attributes.map((a: { name: string }) => a.name)).toEqual(["tier", "userTypes", "regions", "eligibility"]);
    const eligibility = ext.body.attributes.find((a: { name: string }) => a.name === "eligibility");
    expect(eligibility.subAttributes.map((a: { name: string }) => a.name)).toEqual(["customerType", "companyStage", "companySize", "businessType", "geography", "incorporation", "funding"]);
    expect((await scim(baseOf(), live.token, "GET", "/Schemas/urn:nope")).status).toBe(404);
    // Every resource carries meta, with a weak ETag version.
    for (const resource of [...types.body.Resources, ...schemas.body.Resources, (await scim(baseOf(), live.token, "GET", "/ServiceProviderConfig")).body]) {
      expect(Object.keys(resource.meta).sort()).toEqual(["created", "lastModified", "location", "resourceType", "version"]);
      expect(resource.meta.version).toMatch(/^W\/"/);
    }
  });

  it("a missing, malformed, unknown or revoked token is 401 in the SCIM error shape", async () => {
    const revoked = await seedDirectory("live");
    await revokeDirectoryToken(revoked.scope, revoked.tokenId, { type: "cli" });
    for (const token of [null, "nope", `scim_live_${"A".repeat(40)}`, live.token.replace("scim_live_", "scim_test_"), revoked.token]) {
      const res = await scim(baseOf(), token, "GET", "/Users");
      expect(res.status, String(token)).toBe(401);
      expect(res.headers.get("content-type")).toBe("application/scim+json");
      expect(res.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "401" });
    }
    // A /v1 partner token is not a directory token either.
    expect((await scim(baseOf(), null, "GET", "/Users", undefined, { authorization: "Bearer eyJhbGciOiJIUzI1NiJ9.e30.x" })).status).toBe(401);
  });

  it("a token revoked elsewhere (another instance, SQL) is refused within a second, though this process had it cached", async () => {
    const d = await seedDirectory("live");
    expect((await scim(baseOf(), d.token, "GET", "/Users")).status).toBe(200);
    await db.directoryToken.update({ where: { id: d.tokenId }, data: { revokedAt: new Date() } });
    const started = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - started < 1000) status = (await scim(baseOf(), d.token, "GET", "/Users")).status;
    expect(status).toBe(401);
  });

  it("a deactivated partner's token is refused (403 in the SCIM error shape), from its next request", async () => {
    const d = await seedDirectory("live");
    expect((await scim(baseOf(), d.token, "GET", "/Users")).status).toBe(200);
    await updatePartner("operator", d.partner.id, parseWith(partnerUpdateSchema, { active: false }));
    const res = await scim(baseOf(), d.token, "GET", "/Users");
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "403" });
  });

  it("another partner's token never reads or writes this partner's users; a sandbox token never touches live", async () => {
    const email = uniqueEmail("own");
    const created = await scim(baseOf(), live.token, "POST", "/Users", userOf(email));
    expect(created.status).toBe(201);
    const other = await seedDirectory("live");
    const sandbox = await seedDirectory("test");
    const sandboxOfSame = await seedDirectory("test");
    await db.directoryToken.update({ where: { id: sandboxOfSame.tokenId }, data: { partnerId: live.partner.id } });
    for (const token of [other.token, sandbox.token, sandboxOfSame.token]) {
      expect((await scim(baseOf(), token, "GET", `/Users/${created.body.id}`)).status).toBe(404);
      expect((await scim(baseOf(), token, "PATCH", `/Users/${created.body.id}`, { schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"], Operations: [{ op: "replace", path: "active", value: false }] })).status).toBe(404);
      expect((await scim(baseOf(), token, "PUT", `/Users/${created.body.id}`, userOf(email, { active: false }))).status).toBe(404);
      expect((await scim(baseOf(), token, "DELETE", `/Users/${created.body.id}`)).status).toBe(404);
      const found = await scim(baseOf(), token, "GET", `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`);
      expect(found.body.totalResults).toBe(0);
    }
    // The sandbox token of the same partner writes the sandbox: a user of the same email there is another member.
    const inSandbox = await scim(baseOf(), sandboxOfSame.token, "POST", "/Users", userOf(email));
    expect(inSandbox.status).toBe(201);
    const rows = await db.member.findMany({ where: { partnerId: live.partner.id, email }, select: { environment: true, active: true } });
    expect(rows.map((r) => r.environment).sort()).toEqual(["live", "test"]);
    expect(rows.every((r) => r.active)).toBe(true);
  });

  it("accepts application/scim+json and application/json; another content type is 415", async () => {
    for (const type of ["application/scim+json", "application/json", "application/scim+json; charset=utf-8"]) {
      const res = await scim(baseOf(), live.token, "POST", "/Users", JSON.stringify(userOf(uniqueEmail("ct"))), { "content-type": type });
      expect(res.status, type).toBe(201);
    }
    const text = await scim(baseOf(), live.token, "POST", "/Users", JSON.stringify(userOf(uniqueEmail("ct"))), { "content-type": "text/plain" });
    expect(text.status).toBe(415);
    expect(text.body.schemas).toEqual([ERROR_SCHEMA]);
    const broken = await scim(baseOf(), live.token, "POST", "/Users", "{", { "content-type": "application/scim+json" });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ status: "400", scimType: "invalidSyntax" });
  });

  it("Groups are not offered: 404 in the error shape; unknown paths 404; a wrong method 405", async () => {
    for (const [method, path] of [["GET", "/Groups"], ["POST", "/Groups"], ["GET", "/Groups/abc"], ["GET", "/Nothing"], ["GET", "/Users/not-a-uuid"]]) {
      const res = await scim(baseOf(), live.token, method, path, method === "POST" ? { displayName: "x" } : undefined);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "404" });
    }
    const wrong = await scim(baseOf(), live.token, "DELETE", "/Users");
    expect(wrong.status).toBe(405);
    expect(wrong.body.status).toBe("405");
  });
});

describe("both doors answer alike", () => {
  const VOLATILE = new Set(["date", "x-request-id", "ratelimit-remaining", "ratelimit-reset", "connection", "keep-alive", "content-length", "transfer-encoding"]);
  async function see(base: string, method: string, path: string, body?: unknown) {
    const res = await scim(base, live.token, method, path, body);
    const headers = Object.fromEntries([...res.headers].filter(([k]) => !VOLATILE.has(k)));
    const text = JSON.stringify(res.body).replaceAll(base, "BASE").replace(/"(created|lastModified)":"[^"]+"/g, '"$1":"*"').replace(/W\/\\"\d+\\"/g, "W/*");
    return { status: res.status, headers: { ...headers, etag: headers.etag ? "W/*" : undefined }, body: text };
  }

  it("discovery, a read, a filter, errors: same status, headers and body", async () => {
    const created = await scim(doors.lean.url, live.token, "POST", "/Users", userOf(uniqueEmail("same"), { name: { givenName: "Ada", familyName: "Lovelace" } }));
    for (const [method, path] of [
      ["GET", "/ServiceProviderConfig"],
      ["GET", "/Schemas"],
      ["GET", `/Users/${created.body.id}`],
      ["GET", `/Users?filter=${encodeURIComponent(`id eq "${created.body.id}"`)}`],
      ["GET", "/Users?filter=title%20eq%20%22x%22"],
      ["GET", "/Groups"],
    ]) {
      expect(await see(doors.lean.url, method, path), `${method} ${path}`).toEqual(await see(doors.next.url, method, path));
    }
  });
});
