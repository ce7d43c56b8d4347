// Contract section 20 probed as a directory sends it, past what the other SCIM tests cover: the
// extension's list attributes patched by path with a single value (Entra's single-valued mapping of
// `urn:perkway:…:User:eligibility.funding`), and refusals that come before the request is parsed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_SCHEMA, PATCH_SCHEMA, PERKWAY_SCHEMA, USER_SCHEMA, scim, seedDirectory, startScimDoors, type ScimDoors } from "../helpers/scim";

let doors: ScimDoors;
let live: Awaited<ReturnType<typeof seedDirectory>>;
beforeAll(async () => {
  doors = await startScimDoors();
  live = await seedDirectory("live");
});
afterAll(async () => doors?.close());

const uniqueEmail = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.edu`;
const replaceAt = (path: string, value: unknown) => ({ schemas: [PATCH_SCHEMA], Operations: [{ op: "Replace", path, value }] });

describe("the Perkway extension's lists patched by path (docs/scim.md's Entra and Okta mappings)", () => {
  it("a single value is a one-element list; an unknown one is 400 invalidValue naming the attribute, never silently dropped", async () => {
    const base = doors.lean.url;
    const created = await scim(base, live.token, "POST", "/Users", { schemas: [USER_SCHEMA], userName: uniqueEmail("ext-path") });
    expect(created.status).toBe(201);
    const at = `/Users/${created.body.id}`;

    const funding = await scim(base, live.token, "PATCH", at, replaceAt(`${PERKWAY_SCHEMA}:eligibility.funding`, "Angel"));
    expect(funding.status).toBe(200);
    expect(funding.body[PERKWAY_SCHEMA].eligibility.funding).toEqual(["Angel"]);
    const regions = await scim(base, live.token, "PATCH", at, replaceAt(`${PERKWAY_SCHEMA}:regions`, "Europe"));
    expect(regions.status).toBe(200);
    expect(regions.body[PERKWAY_SCHEMA].regions).toEqual(["Europe"]);
    const read = await scim(base, live.token, "GET", at);
    expect(read.body[PERKWAY_SCHEMA]).toMatchObject({ regions: ["Europe"], eligibility: { funding: ["Angel"] } });

    const bogus = await scim(base, live.token, "PATCH", at, replaceAt(`${PERKWAY_SCHEMA}:eligibility.funding`, "bogus"));
    expect(bogus.status).toBe(400);
    expect(bogus.body).toMatchObject({ status: "400", scimType: "invalidValue" });
    expect(bogus.body.detail).toContain(`${PERKWAY_SCHEMA}:eligibility.funding`);
    expect((await scim(base, live.token, "GET", at)).body[PERKWAY_SCHEMA].eligibility.funding).toEqual(["Angel"]);
  });
});

describe("the Perkway extension with a dotted sub-attribute name inside it", () => {
  it("{ \"eligibility.funding\": … } writes eligibility.funding, and an unknown value is 400 invalidValue naming it", async () => {
    const base = doors.lean.url;
    const made = await scim(base, live.token, "POST", "/Users", { schemas: [USER_SCHEMA, PERKWAY_SCHEMA], userName: uniqueEmail("dotted"), [PERKWAY_SCHEMA]: { "eligibility.funding": "Angel" } });
    expect(made.status).toBe(201);
    expect(made.body[PERKWAY_SCHEMA].eligibility.funding).toEqual(["Angel"]);
    const bogus = await scim(base, live.token, "POST", "/Users", { schemas: [USER_SCHEMA, PERKWAY_SCHEMA], userName: uniqueEmail("dotted"), [PERKWAY_SCHEMA]: { "eligibility.funding": "bogus" } });
    expect(bogus.status).toBe(400);
    expect(bogus.body).toMatchObject({ status: "400", scimType: "invalidValue" });
    expect(bogus.body.detail).toContain(`${PERKWAY_SCHEMA}:eligibility.funding`);
  });

  it("eligibility that is not an object is 400 invalidValue naming it, on POST and by PATCH path", async () => {
    const base = doors.lean.url;
    const post = await scim(base, live.token, "POST", "/Users", { schemas: [USER_SCHEMA, PERKWAY_SCHEMA], userName: uniqueEmail("elig"), [PERKWAY_SCHEMA]: { eligibility: "Angel" } });
    expect(post.status).toBe(400);
    expect(post.body).toMatchObject({ status: "400", scimType: "invalidValue" });
    expect(post.body.detail).toContain(`${PERKWAY_SCHEMA}:eligibility`);
    const made = await scim(base, live.token, "POST", "/Users", { schemas: [USER_SCHEMA], userName: uniqueEmail("elig") });
    const patch = await scim(base, live.token, "PATCH", `/Users/${made.body.id}`, replaceAt(`${PERKWAY_SCHEMA}:eligibility`, "Angel"));
    expect(patch.status).toBe(400);
    expect(patch.body.scimType).toBe("invalidValue");
    const list = await scim(base, live.token, "PATCH", `/Users/${made.body.id}`, replaceAt(`${PERKWAY_SCHEMA}:eligibility`, ["Angel"]));
    expect(list.status).toBe(400);
    expect(list.body.scimType).toBe("invalidValue");
  });
});

describe("filter values are JSON strings (RFC 7644 3.4.2.2)", () => {
  it("\\u escapes and \\\\ mean their characters; an escaped NUL or lone surrogate is 400 invalidFilter, never a 500", async () => {
    const base = doors.lean.url;
    const email = uniqueEmail("esc");
    const made = await scim(base, live.token, "POST", "/Users", { schemas: [USER_SCHEMA], userName: email, displayName: "back\\slash" });
    expect(made.status).toBe(201);
    const find = (filter: string) => scim(base, live.token, "GET", `/Users?filter=${encodeURIComponent(filter)}`);
    const escaped = await find(`userName eq "\\u0065${email.slice(1)}"`); // "e" of "esc-…"
    expect(escaped.body.Resources.map((u: { id: string }) => u.id)).toEqual([made.body.id]);
    const slash = await find(`displayName eq "back\\\\slash" and userName eq "${email}"`);
    expect(slash.body.totalResults).toBe(1);
    for (const bad of ['userName eq "a\\u0000b"', 'displayName co "\\ud800"']) {
      const res = await find(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ status: "400", scimType: "invalidFilter" });
    }
  });
});

describe.each([
  ["lean door", () => doors.lean.url],
  ["Next door", () => doors.next.url],
])("%s: a request node:http refuses before parsing it", (_name, baseOf) => {
  it("a filter past the header limit is 431 in the SCIM error shape, not /v1's", async () => {
    const res = await scim(baseOf(), live.token, "GET", `/Users?filter=${encodeURIComponent(`userName eq "${"x".repeat(20_000)}"`)}`);
    expect(res.status).toBe(431);
    expect(res.headers.get("content-type")).toBe("application/scim+json");
    expect(res.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "431" });
  });
});
