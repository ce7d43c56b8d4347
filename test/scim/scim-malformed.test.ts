// Contract section 20 against a black-box tester's findings: deeply nested filters (Prisma's JSON
// recursion limit, the parser's stack), filter values ending in an escaped backslash, the Perkway
// extension patched as one nested object, and malformed PATCH paths (RFC 7644 3.12 invalidPath, never
// a JavaScript error's text in `detail`).
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
const req = (method: string, path: string, body?: unknown) => scim(doors.lean.url, live.token, method, path, body);
const find = (filter: string) => req("GET", `/Users?filter=${encodeURIComponent(filter)}`);
const patchOf = (...Operations: unknown[]) => ({ schemas: [PATCH_SCHEMA], Operations });
const newUser = async (tag: string, more: Record<string, unknown> = {}) => {
  const made = await req("POST", "/Users", { schemas: [USER_SCHEMA], userName: uniqueEmail(tag), ...more });
  expect(made.status).toBe(201);
  return made.body as { id: string; userName: string };
};
const nested = (depth: number, wrap: (inner: string) => string, leaf = "id pr") => {
  let f = leaf;
  for (let i = 0; i < depth; i++) f = wrap(f);
  return f;
};

/** A SCIM error of `scimType` whose detail is ours, not a JavaScript exception's. */
function expectScimError(res: { status: number; body: any }, scimType: string, label: string) {
  expect(res.status, label).toBe(400);
  expect(res.body, label).toMatchObject({ schemas: [ERROR_SCHEMA], status: "400", scimType });
  expect(res.body.detail, label).not.toMatch(/Cannot (create|convert|read|set)|undefined|null to object|TypeError/);
}

describe("nested filters", () => {
  it("past 32 levels is 400 invalidFilter (never Prisma's recursion limit as a 500); 32 levels of or still answer", async () => {
    const deep = [
      "not ".repeat(122) + "(userName pr)",
      nested(100, (f) => `id pr and (${f})`),
      nested(200, (f) => `not (${f})`),
      nested(33, (f) => `(${f})`),
      `emails[${nested(40, (f) => `not (${f})`, 'value pr')}]`,
      "(".repeat(1000) + "id pr" + ")".repeat(1000),
    ];
    for (const filter of deep) {
      expect(filter.length).toBeLessThanOrEqual(2048);
      const res = await find(filter);
      expectScimError(res, "invalidFilter", filter.slice(0, 40));
      expect(res.body.detail).toContain("nested more than 32 levels");
    }
    const user = await newUser("deep");
    const atLimit = await find(nested(31, (f) => `userName eq "${user.userName}" or (${f})`, `id eq "${user.id}"`));
    expect(atLimit.status).toBe(200);
    expect(atLimit.body.Resources.map((u: { id: string }) => u.id)).toEqual([user.id]);
    const notsAtLimit = await find(nested(32, (f) => `not (${f})`, `id eq "${user.id}"`));
    expect(notsAtLimit.status).toBe(200);
  });
});

describe("a filter value ending in an escaped backslash (RFC 7644: a JSON string)", () => {
  it('externalId eq "DOMAIN\\\\", displayName eq "a\\\\" and "\\\\" find the user', async () => {
    const user = await newUser("bs", { externalId: `DOMAIN-${Math.random().toString(36).slice(2, 8)}\\`, displayName: "a\\" });
    const made = (await req("GET", `/Users/${user.id}`)).body;
    const byExternalId = await find(`externalId eq ${JSON.stringify(made.externalId)}`);
    expect(byExternalId.status).toBe(200);
    expect(byExternalId.body.Resources.map((u: { id: string }) => u.id)).toEqual([user.id]);
    const byName = await find(`displayName eq "a\\\\" and id eq "${user.id}"`);
    expect(byName.status).toBe(200);
    expect(byName.body.totalResults).toBe(1);
    const endsWith = await find(`displayName ew "\\\\" and id eq "${user.id}"`);
    expect(endsWith.status).toBe(200);
    expect(endsWith.body.totalResults).toBe(1);
    // An escaped backslash before an escaped quote: the value a\" (not this user's).
    const mixed = await find(`displayName eq "a\\\\\\"" and id eq "${user.id}"`);
    expect(mixed.status).toBe(200);
    expect(mixed.body.totalResults).toBe(0);
  });
});

describe("PATCH with the Perkway extension as one object (RFC 7644 3.5.2)", () => {
  const X = PERKWAY_SCHEMA;
  it("without a path, and with the extension's URN as the path: add and replace apply it", async () => {
    const user = await newUser("ext-obj");
    const at = `/Users/${user.id}`;
    const replaced = await req("PATCH", at, patchOf({ op: "replace", value: { [X]: { regions: ["Asia"], tier: "premium", eligibility: { companyStage: ["Seed"] } } } }));
    expect(replaced.status).toBe(200);
    expect(replaced.body[X]).toMatchObject({ regions: ["Asia"], tier: "premium", eligibility: { companyStage: ["Seed"] } });

    const added = await req("PATCH", at, patchOf({ op: "add", value: { displayName: "Ext Obj", [X]: { regions: ["Europe"], eligibility: { funding: "Angel" } } } }));
    expect(added.status).toBe(200);
    expect(added.body.displayName).toBe("Ext Obj");
    expect(added.body[X].regions).toEqual(expect.arrayContaining(["Asia", "Europe"]));
    expect(added.body[X].eligibility).toMatchObject({ companyStage: ["Seed"], funding: ["Angel"] });

    const byPath = await req("PATCH", at, patchOf({ op: "replace", path: X, value: { regions: ["Asia"], tier: "free" } }));
    expect(byPath.status).toBe(200);
    expect(byPath.body[X]).toMatchObject({ regions: ["Asia"], tier: "free" });
    const addByPath = await req("PATCH", at, patchOf({ op: "add", path: X, value: { tier: "premium" } }));
    expect(addByPath.body[X].tier).toBe("premium");
    expect((await req("GET", at)).body[X]).toMatchObject({ regions: ["Asia"], tier: "premium", eligibility: { companyStage: ["Seed"], funding: ["Angel"] } });
  });

  it("an unknown value inside is 400 invalidValue naming the attribute, and nothing changes", async () => {
    const user = await newUser("ext-bad");
    const at = `/Users/${user.id}`;
    for (const operation of [{ op: "replace", value: { [X]: { tier: "gold" } } }, { op: "add", path: X, value: { tier: "gold" } }]) {
      const res = await req("PATCH", at, patchOf(operation));
      expectScimError(res, "invalidValue", JSON.stringify(operation));
      expect(res.body.detail).toContain(`${X}:tier`);
    }
    const notObject = await req("PATCH", at, patchOf({ op: "replace", value: { [X]: "premium" } }));
    expectScimError(notObject, "invalidValue", "extension not an object");
    expect((await req("GET", at)).body[X].tier).toBe("free");
  });
});

describe("malformed PATCH paths and values", () => {
  it("a path outside RFC 7644's grammar is 400 invalidPath", async () => {
    const user = await newUser("badpath");
    const paths = ['emails[type eq "work"', "emails[", "]", "emails]", "emails[type eq work].value", 'emails[type xx "work"].value', "", "  "];
    for (const path of paths) expectScimError(await req("PATCH", `/Users/${user.id}`, patchOf({ op: "replace", path, value: "x@example.edu" })), "invalidPath", JSON.stringify(path));
    const deep = await req("PATCH", `/Users/${user.id}`, patchOf({ op: "replace", path: `emails[${nested(40, (f) => `not (${f})`, "value pr")}].value`, value: "x" }));
    expectScimError(deep, "invalidPath", "deep value filter");
  });

  it("a sub-attribute of a simple attribute is invalidPath, and never echoes the member's data", async () => {
    const user = await newUser("patchme");
    for (const path of ['emails[type eq "work"].value.y', "displayName.x", "userName.x", `${PERKWAY_SCHEMA}:tier.x`]) {
      const res = await req("PATCH", `/Users/${user.id}`, patchOf({ op: "replace", path, value: "v" }));
      expectScimError(res, "invalidPath", path);
      expect(res.body.detail).not.toContain(user.userName);
    }
    const key = await req("PATCH", `/Users/${user.id}`, patchOf({ op: "replace", value: { "userName.x": "v" } }));
    expectScimError(key, "invalidValue", "userName.x as a value key");
    expect(key.body.detail).not.toContain(user.userName);
  });

  it("a path-less operation whose value is not an object is 400 invalidValue, not mutability", async () => {
    const user = await newUser("pathless");
    for (const value of [null, "str", 5, true, ["a"]]) {
      const res = await req("PATCH", `/Users/${user.id}`, patchOf({ op: "replace", value }));
      expectScimError(res, "invalidValue", JSON.stringify(value));
      expect(res.body.detail).toContain("must be an object");
    }
    expect((await req("PATCH", `/Users/${user.id}`, patchOf({ op: "add", value: "str" }))).body.scimType).toBe("invalidValue");
  });
});
