// /scim/v2/Users (contract section 20) with requests as directories send them: RFC 7644's examples,
// Okta's and Microsoft Entra ID's published provisioning requests (their PATCH quirks: "Replace",
// "False", emails[type eq "work"].value, operations without a path), and the refusals: taken userName,
// stale If-Match, invalid filters, unknown vocabulary, NUL bytes and oversize strings.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { api, getToken } from "../helpers/seed";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { ENTERPRISE_SCHEMA, ERROR_SCHEMA, PATCH_SCHEMA, PERKWAY_SCHEMA, USER_SCHEMA, scim, seedDirectory, startScimDoors, type ScimDoors } from "../helpers/scim";

let doors: ScimDoors;
let v1: TestServer;
let dir: Awaited<ReturnType<typeof seedDirectory>>;
let v1Token: string;
let base: string;
beforeAll(async () => {
  [doors, v1] = await Promise.all([startScimDoors(), startApiServer()]);
  dir = await seedDirectory("live");
  v1Token = await getToken(v1.url, dir.keys.live);
  base = doors.lean.url;
});
afterAll(async () => {
  await doors?.close();
  await v1?.close();
});

const tag = () => Math.random().toString(36).slice(2, 10);
const req = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => scim(base, dir.token, method, path, body, headers);
const filter = (f: string) => `/Users?filter=${encodeURIComponent(f)}`;
const patch = (...Operations: unknown[]) => ({ schemas: [PATCH_SCHEMA], Operations });

/** Okta's "Create User" request (developer.okta.com, SCIM 2.0 provisioning guide). */
function oktaUser(email: string) {
  return {
    schemas: [USER_SCHEMA],
    userName: email,
    name: { givenName: "John", familyName: "Doe" },
    emails: [{ primary: true, value: email, type: "work" }],
    displayName: "John Doe",
    locale: "en-US",
    externalId: `00ujl29u0le5T6Aj10h${tag()}`,
    groups: [],
    password: "1mz050nq",
    active: true,
  };
}

/** Entra ID's "Create User" request (learn.microsoft.com, "Tutorial: Develop a SCIM endpoint"). */
function entraUser(upn: string) {
  return {
    schemas: [USER_SCHEMA, ENTERPRISE_SCHEMA],
    externalId: `0a21f0f2-8d2a-4f8e-bf98-${tag()}`,
    userName: upn,
    active: true,
    emails: [{ primary: true, type: "work", value: upn }],
    meta: { resourceType: "User" },
    name: { formatted: "givenName familyName", familyName: "familyName", givenName: "givenName" },
    roles: [],
    [ENTERPRISE_SCHEMA]: { department: "Engineering", manager: { value: "" } },
  };
}

describe("POST /Users", () => {
  it("Okta's create: 201 with the user, meta and a weak ETag; password and groups ignored and never returned; /v1 sees the same member", async () => {
    const email = `okta-${tag()}@example.com`;
    const res = await req("POST", "/Users", oktaUser(email));
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toBe("application/scim+json");
    expect(res.body).toMatchObject({ userName: email, active: true, displayName: "John Doe", name: { givenName: "John", familyName: "Doe" }, emails: [{ value: email, primary: true }] });
    expect(res.body.meta).toMatchObject({ resourceType: "User", location: `${base}/scim/v2/Users/${res.body.id}` });
    expect(res.body.meta.version).toMatch(/^W\/"\d+"$/);
    expect(res.headers.get("etag")).toBe(res.body.meta.version);
    expect(res.headers.get("location")).toBe(res.body.meta.location);
    expect(JSON.stringify(res.body)).not.toContain("1mz050nq");
    expect(res.body.password).toBeUndefined();
    // The SCIM id is the /v1 id; externalId is the member's external_user_id.
    const viaV1 = await api(v1.url, v1Token, "GET", `/v1/users/${res.body.id}`);
    expect(viaV1.body).toMatchObject({ id: res.body.id, email, external_user_id: res.body.externalId, active: true });
  });

  it("Entra's create with the enterprise extension (accepted, ignored); the userName is trimmed and lower-cased, externalId kept as sent", async () => {
    const upn = `Entra.${tag()}@Contoso.example`;
    const externalId = ` Ext-${tag()} `;
    const res = await req("POST", "/Users", { ...entraUser(`  ${upn} `), externalId });
    expect(res.status).toBe(201);
    expect(res.body.userName).toBe(upn.toLowerCase());
    expect(res.body.externalId).toBe(externalId);
    expect((await req("GET", filter(`externalId eq "${externalId}"`))).body.totalResults).toBe(1);
    expect(res.body.name).toEqual({ givenName: "givenName", familyName: "familyName", formatted: "givenName familyName" });
  });

  it("a taken userName (any case) is 409 uniqueness, and so is a taken externalId; a /v1 member is found by filter and taken over", async () => {
    const email = `taken-${tag()}@example.com`;
    const first = await req("POST", "/Users", oktaUser(email));
    const again = await req("POST", "/Users", oktaUser(email.toUpperCase()));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "409", scimType: "uniqueness" });
    const ext = await req("POST", "/Users", { ...oktaUser(`other-${tag()}@example.com`), externalId: first.body.externalId });
    expect(ext.status).toBe(409);
    expect(ext.body.scimType).toBe("uniqueness");
    // A member made over /v1: the directory finds it (Okta's existence check) and takes it over with PUT.
    const made = await api(v1.url, v1Token, "POST", "/v1/users", { email: `v1-${tag()}@example.com` });
    const found = await req("GET", filter(`userName eq "${made.body.email}"`));
    expect(found.body.totalResults).toBe(1);
    const put = await req("PUT", `/Users/${made.body.id}`, { ...oktaUser(made.body.email), id: made.body.id });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: made.body.id, displayName: "John Doe" });
  });

  it("a userName that is not an email keeps the primary email as the member's email", async () => {
    const email = `jdoe-${tag()}@example.com`;
    const userName = `JDoe-${tag()}`;
    const res = await req("POST", "/Users", { schemas: [USER_SCHEMA], userName, emails: [{ value: `other-${tag()}@example.com`, type: "home" }, { value: email, type: "work", primary: true }] });
    expect(res.status).toBe(201);
    expect(res.body.userName).toBe(userName.toLowerCase());
    expect(res.body.emails).toEqual([{ value: email, type: "work", primary: true }]);
    expect((await req("GET", filter(`userName eq "${userName}"`))).body.totalResults).toBe(1);
    expect((await req("GET", filter(`emails.value eq "${email}"`))).body.totalResults).toBe(1);
    const noEmail = await req("POST", "/Users", { schemas: [USER_SCHEMA], userName: `nomail-${tag()}` });
    expect(noEmail).toMatchObject({ status: 400, body: { scimType: "invalidValue" } });
  });

  it("the Perkway extension writes tier, userTypes, regions and eligibility; an unknown value is 400 invalidValue naming the attribute", async () => {
    const email = `ext-${tag()}@example.com`;
    const res = await req("POST", "/Users", {
      schemas: [USER_SCHEMA, PERKWAY_SCHEMA],
      userName: email,
      [PERKWAY_SCHEMA]: { tier: "premium", userTypes: ["SME"], regions: ["Europe"], eligibility: { companyStage: ["Seed"], geography: ["de"] } },
    });
    expect(res.status).toBe(201);
    expect(res.body[PERKWAY_SCHEMA]).toMatchObject({ tier: "premium", userTypes: ["SME"], regions: ["Europe"], eligibility: { companyStage: ["Seed"], geography: ["DE"] } });
    const v1Member = (await api(v1.url, v1Token, "GET", `/v1/users/${res.body.id}`)).body;
    expect(v1Member).toMatchObject({ tier: "premium", user_types: ["SME"], eligibility_company_stage: ["Seed"], eligibility_geography: ["DE"] });
    for (const [ext, attribute] of [
      [{ tier: "platinum" }, "tier"],
      [{ userTypes: ["wizard"] }, "userTypes"],
      [{ eligibility: { companyStage: ["Series Z"] } }, "eligibility.companyStage"],
      [{ eligibility: { geography: ["UK"] } }, "eligibility.geography"],
    ] as const) {
      const bad = await req("POST", "/Users", { schemas: [USER_SCHEMA, PERKWAY_SCHEMA], userName: `bad-${tag()}@example.com`, [PERKWAY_SCHEMA]: ext });
      expect(bad.status, attribute).toBe(400);
      expect(bad.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "400", scimType: "invalidValue" });
      expect(bad.body.detail).toContain(`${PERKWAY_SCHEMA}:${attribute}`);
    }
  });

  it("NUL bytes, unpaired surrogates and oversize strings are 400, never stored", async () => {
    const cases: [string, unknown][] = [
      ["NUL in a name", { ...oktaUser(`nul-${tag()}@example.com`), name: { givenName: "A\u0000B" } }],
      ["NUL in userName", { ...oktaUser(`x-${tag()}@example.com`), userName: "a\u0000b@example.com" }],
      ["oversize displayName", { ...oktaUser(`big-${tag()}@example.com`), displayName: "x".repeat(256) }],
      ["oversize userName", { ...oktaUser(`x-${tag()}@example.com`), userName: `${"x".repeat(300)}@example.com` }],
      ["oversize externalId", { ...oktaUser(`x-${tag()}@example.com`), externalId: "e".repeat(256) }],
    ];
    for (const [name, body] of cases) {
      const res = await req("POST", "/Users", body);
      expect(res.status, name).toBe(400);
      expect(res.body.schemas).toEqual([ERROR_SCHEMA]);
    }
    const raw = await scim(base, dir.token, "POST", "/Users", `{"schemas":["${USER_SCHEMA}"],"userName":"sur-${tag()}@example.com","displayName":"\\ud800"}`);
    expect(raw.status).toBe(400);
    const filtered = await req("GET", "/Users?filter=userName%20eq%20%22a%00b%22");
    expect(filtered.status).toBe(400);
  });
});

describe("GET /Users", () => {
  let ids: string[];
  let emails: string[];
  const prefix = `flt-${tag()}`;
  beforeAll(async () => {
    emails = [0, 1, 2].map((i) => `${prefix}-${i}@filter.example`);
    const made = [];
    for (const [i, email] of emails.entries()) {
      made.push(await req("POST", "/Users", { schemas: [USER_SCHEMA], userName: email, externalId: `${prefix}-ext-${i}`, displayName: `Filter ${prefix} ${i}`, active: i !== 2 }));
    }
    ids = made.map((m) => m.body.id);
  });

  const count = async (f: string) => {
    const res = await req("GET", `${filter(f)}&count=200`);
    expect(res.status, f).toBe(200);
    return (res.body.Resources as { id: string }[]).map((r) => ids.indexOf(r.id)).filter((i) => i >= 0).sort();
  };

  it("eq, ne, co, sw, pr on userName, externalId, emails.value, id, active, displayName; names and operators in any case", async () => {
    expect(await count(`userName eq "${emails[0]}"`)).toEqual([0]);
    expect(await count(`USERNAME EQ "${emails[0].toUpperCase()}"`)).toEqual([0]);
    expect(await count(`urn:ietf:params:scim:schemas:core:2.0:User:userName eq "${emails[1]}"`)).toEqual([1]);
    expect(await count(`userName sw "${prefix}-"`)).toEqual([0, 1, 2]);
    expect(await count(`userName co "${prefix}-1"`)).toEqual([1]);
    expect(await count(`externalId eq "${prefix}-ext-2"`)).toEqual([2]);
    expect(await count(`externalId sw "${prefix}-ext" and externalId ne "${prefix}-ext-0"`)).toEqual([1, 2]);
    expect(await count(`emails.value eq "${emails[2]}"`)).toEqual([2]);
    expect(await count(`emails[type eq "work" and value eq "${emails[1]}"]`)).toEqual([1]);
    expect(await count(`id eq "${ids[1]}"`)).toEqual([1]);
    expect(await count(`id sw "${ids[2].slice(0, 13)}"`)).toEqual([2]);
    expect(await count(`id co "${ids[0].slice(9, 23)}"`)).toEqual([0]);
    expect(await count(`id ew "${ids[1].slice(-12)}" or id sw "not-hex"`)).toEqual([1]);
    expect(await count(`userName sw "${prefix}" and active eq false`)).toEqual([2]);
    expect(await count(`userName sw "${prefix}" and Active Eq True`)).toEqual([0, 1]);
    expect(await count(`displayName eq "filter ${prefix} 0"`)).toEqual([0]);
    expect(await count(`userName sw "${prefix}" and displayName pr`)).toEqual([0, 1, 2]);
  });

  it("and, or, not and parentheses; gt/ge/lt/le on meta.lastModified", async () => {
    expect(await count(`userName eq "${emails[0]}" or userName eq "${emails[2]}"`)).toEqual([0, 2]);
    expect(await count(`userName sw "${prefix}" and not (userName eq "${emails[0]}" or externalId eq "${prefix}-ext-2")`)).toEqual([1]);
    expect(await count(`(userName eq "${emails[0]}") or (id eq "${ids[1]}" and active eq true)`)).toEqual([0, 1]);
    const at = (await req("GET", `/Users/${ids[1]}`)).body.meta.lastModified as string;
    expect(await count(`userName sw "${prefix}" and meta.lastModified ge "${at}"`)).toContain(1);
    expect(await count(`userName sw "${prefix}" and meta.lastModified gt "2999-01-01T00:00:00Z"`)).toEqual([]);
    expect(await count(`userName sw "${prefix}" and meta.lastModified lt "2000-01-01T00:00:00Z"`)).toEqual([]);
    expect(await count(`userName sw "${prefix}" and meta.lastModified le "2999-01-01T00:00:00Z"`)).toEqual([0, 1, 2]);
  });

  it("anything else is 400 invalidFilter", async () => {
    for (const f of ['title eq "x"', 'userName gt "a"', "userName eq", 'userName xx "a"', 'meta.created gt "2020-01-01T00:00:00Z"', 'meta.lastModified gt "yesterday"', "name.givenName pr", 'userName eq "a" and', 'emails[display eq "x"]', "active eq 3", `x${"y".repeat(3000)}`]) {
      const res = await req("GET", filter(f));
      expect(res.status, f).toBe(400);
      expect(res.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "400", scimType: "invalidFilter" });
    }
  });

  it("startIndex and count page through in a stable order with totalResults and itemsPerPage", async () => {
    const page1 = await req("GET", `${filter(`userName sw "${prefix}"`)}&startIndex=1&count=2`);
    const page2 = await req("GET", `${filter(`userName sw "${prefix}"`)}&startIndex=3&count=2`);
    expect(page1.body).toMatchObject({ schemas: ["urn:ietf:params:scim:api:messages:2.0:ListResponse"], totalResults: 3, itemsPerPage: 2, startIndex: 1 });
    expect(page2.body).toMatchObject({ totalResults: 3, itemsPerPage: 1, startIndex: 3 });
    expect([...page1.body.Resources, ...page2.body.Resources].map((r: { id: string }) => r.id)).toEqual(ids);
    const none = await req("GET", `${filter(`userName sw "${prefix}"`)}&count=0`);
    expect(none.body).toMatchObject({ totalResults: 3, itemsPerPage: 0, Resources: [] });
    expect((await req("GET", `/Users?count=abc`)).status).toBe(400);
  });

  it("attributes and excludedAttributes (id and schemas always come back)", async () => {
    const only = await req("GET", `${filter(`id eq "${ids[0]}"`)}&attributes=userName,name.givenName`);
    expect(Object.keys(only.body.Resources[0]).sort()).toEqual(["id", "schemas", "userName"]);
    const one = await req("GET", `/Users/${ids[0]}?attributes=${encodeURIComponent("urn:ietf:params:scim:schemas:core:2.0:User:displayName")}`);
    expect(Object.keys(one.body).sort()).toEqual(["displayName", "id", "schemas"]);
    const without = await req("GET", `/Users/${ids[0]}?excludedAttributes=emails,meta,${PERKWAY_SCHEMA}`);
    expect(without.body.emails).toBeUndefined();
    expect(without.body.meta).toBeUndefined();
    expect(without.body[PERKWAY_SCHEMA]).toBeUndefined();
    expect(without.body.userName).toBe(emails[0]);
  });
});

describe("PUT, PATCH and DELETE /Users/{id}", () => {
  async function fresh(body: Record<string, unknown> = {}) {
    const email = `upd-${tag()}@example.com`;
    const res = await req("POST", "/Users", { ...entraUser(email), ...body });
    expect(res.status).toBe(201);
    return res.body as { id: string; userName: string; meta: { version: string }; externalId: string };
  }

  it("Entra's PATCH: \"Replace\" with \"False\" deactivates; \"Add\" of emails[type eq \"work\"].value and externalId; \"Replace\" without path", async () => {
    const u = await fresh();
    const off = await req("PATCH", `/Users/${u.id}`, patch({ op: "Replace", path: "active", value: "False" }));
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    const on = await req("PATCH", `/Users/${u.id}`, patch({ op: "Replace", path: "active", value: "True" }));
    expect(on.body.active).toBe(true);
    const more = await req(
      "PATCH",
      `/Users/${u.id}`,
      patch({ op: "Add", path: 'emails[type eq "work"].value', value: u.userName }, { op: "Add", path: "externalId", value: "0a21f0f2-new" }, { op: "Replace", path: "name.givenName", value: "Grace" }),
    );
    expect(more.status).toBe(200);
    expect(more.body).toMatchObject({ externalId: "0a21f0f2-new", name: { givenName: "Grace" } });
    const noPath = await req("PATCH", `/Users/${u.id}`, patch({ op: "Replace", value: { displayName: "Grace H.", "name.familyName": "Hopper", active: false } }));
    expect(noPath.body).toMatchObject({ displayName: "Grace H.", name: { givenName: "Grace", familyName: "Hopper" }, active: false });
  });

  it("Okta's deactivation ({op: replace, value: {active: false}}), RFC 7644's add/remove; the extension by path", async () => {
    const u = await fresh();
    expect((await req("PATCH", `/Users/${u.id}`, patch({ op: "replace", value: { active: false } }))).body.active).toBe(false);
    const removed = await req("PATCH", `/Users/${u.id}`, patch({ op: "remove", path: "externalId" }, { op: "add", path: "displayName", value: "Babs Jensen" }));
    expect(removed.body.externalId).toBeUndefined();
    expect(removed.body.displayName).toBe("Babs Jensen");
    const ext = await req("PATCH", `/Users/${u.id}`, patch({ op: "replace", path: `${PERKWAY_SCHEMA}:tier`, value: "premium" }, { op: "add", path: `${PERKWAY_SCHEMA}:eligibility.funding`, value: ["Bootstrapped"] }));
    expect(ext.status).toBe(200);
    expect(ext.body[PERKWAY_SCHEMA]).toMatchObject({ tier: "premium", eligibility: { funding: ["Bootstrapped"] } });
    const bad = await req("PATCH", `/Users/${u.id}`, patch({ op: "replace", path: `${PERKWAY_SCHEMA}:regions`, value: ["Atlantis"] }));
    expect(bad.status).toBe(400);
    expect(bad.body.scimType).toBe("invalidValue");
    expect(bad.body.detail).toContain(`${PERKWAY_SCHEMA}:regions`);
    const noPath = await req("PATCH", `/Users/${u.id}`, patch({ op: "remove" }));
    expect(noPath.body).toMatchObject({ status: "400", scimType: "noTarget" });
    for (const body of [{ Operations: [{ op: "replace", value: {} }] }, patch({ op: "frobnicate", path: "active", value: true }), patch()]) {
      expect((await req("PATCH", `/Users/${u.id}`, body)).status).toBe(400);
    }
    expect((await req("PATCH", `/Users/${u.id}`, patch({ op: "replace", path: "active", value: "maybe" }))).status).toBe(400);
  });

  it("PUT replaces the user; unknown attributes (password, groups, locale) are ignored", async () => {
    const u = await fresh();
    const put = await req("PUT", `/Users/${u.id}`, { schemas: [USER_SCHEMA], id: u.id, userName: u.userName, externalId: u.externalId, name: { givenName: "Ada" }, active: true, password: "x", groups: [{ value: "g" }], locale: "de-DE" });
    expect(put.status).toBe(200);
    expect(put.body.name).toEqual({ givenName: "Ada" });
    expect(put.body.displayName).toBeUndefined();
    expect(put.body.password).toBeUndefined();
    expect(put.body.meta.version).not.toBe(u.meta.version);
  });

  it("If-Match with another version is 412 on PUT, PATCH and DELETE; the current version (or *) passes", async () => {
    const u = await fresh();
    const stale = 'W/"1"';
    expect((await req("PATCH", `/Users/${u.id}`, patch({ op: "replace", path: "displayName", value: "x" }), { "if-match": stale })).status).toBe(412);
    expect((await req("PUT", `/Users/${u.id}`, { schemas: [USER_SCHEMA], userName: u.userName }, { "if-match": stale })).status).toBe(412);
    const del = await req("DELETE", `/Users/${u.id}`, undefined, { "if-match": stale });
    expect(del.status).toBe(412);
    expect(del.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "412" });
    const ok = await req("PATCH", `/Users/${u.id}`, patch({ op: "replace", path: "displayName", value: "y" }), { "if-match": u.meta.version });
    expect(ok.status).toBe(200);
    expect((await req("PATCH", `/Users/${u.id}`, patch({ op: "replace", path: "displayName", value: "z" }), { "if-match": u.meta.version })).status).toBe(412);
    expect((await req("PATCH", `/Users/${u.id}`, patch({ op: "replace", path: "displayName", value: "z" }), { "if-match": "*" })).status).toBe(200);
  });

  it("DELETE is 204 and erases the member as DELETE /v1/users/{id} does", async () => {
    const u = await fresh();
    const del = await req("DELETE", `/Users/${u.id}`);
    expect(del.status).toBe(204);
    expect((await req("GET", `/Users/${u.id}`)).status).toBe(404);
    expect((await api(v1.url, v1Token, "GET", `/v1/users/${u.id}`)).status).toBe(404);
    expect(await db.member.count({ where: { id: u.id } })).toBe(0);
    expect((await req("DELETE", `/Users/${u.id}`)).status).toBe(404);
  });
});
