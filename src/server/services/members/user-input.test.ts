// Pure checks of the input rules: normalization, vocabularies, defaults, the cursor and ISO codes.
import { describe, expect, it } from "vitest";
import { ELIGIBILITY_DIMENSIONS, ELIGIBILITY_VOCABULARIES } from "@/server/domain/enums";
import { ISO_3166_ALPHA2, isCountryCode } from "@/server/domain/iso-3166-alpha2";
import { userCreateSchema, userListQuerySchema, userPatchByIdentifierSchema } from "@/server/schemas/user.schema";
import { decodeCreatedAtCursor, encodeCreatedAtCursor } from "@/server/services/list-cursors";
import { defaultEligibility, toCreateData, toUpdateData } from "./member-data";

const scope = { partnerId: "00000000-0000-4000-8000-000000000001", environment: "test" } as const;

describe("user input", () => {
  it("trims and lower-cases email before validating it", () => {
    expect(userCreateSchema.parse({ email: "  Ada@EXAMPLE.com\n" }).email).toBe("ada@example.com");
    for (const bad of ["", "   ", "ada", "ada@", "@example.com", "a b@example.com", `${"a".repeat(250)}@example.com`]) {
      expect(userCreateSchema.safeParse({ email: bad }).success, bad).toBe(false);
    }
  });

  it("upper-cases and de-duplicates country codes, and refuses unassigned ones", () => {
    const parsed = userCreateSchema.parse({ email: "a@example.com", eligibility: { geography: ["de", "DE", " us "] } });
    expect(parsed.eligibility?.geography).toEqual(["DE", "US"]);
    for (const bad of ["UK", "EU", "XK", "ZZ", "D", "DEU", "1"]) {
      expect(userCreateSchema.safeParse({ email: "a@example.com", eligibility: { geography: [bad] } }).success, bad).toBe(false);
    }
  });

  it("role is never accepted", () => {
    for (const role of ["user", "partner_admin", "super_admin", null]) {
      expect(userCreateSchema.safeParse({ email: "a@example.com", role }).success).toBe(false);
      expect(userPatchByIdentifierSchema.safeParse({ id: "x", role }).success).toBe(false);
    }
  });

  it("limit is a strict integer 1..100", () => {
    expect(userListQuerySchema.parse({ limit: "100" }).limit).toBe(100);
    for (const limit of ["0", "101", "01x", "-5", " 5"]) expect(userListQuerySchema.safeParse({ limit }).success, limit).toBe(false);
  });
});

describe("member data", () => {
  it("defaults: whole vocabulary for customer_type, company_size, incorporation; empty for the rest", () => {
    const data = toCreateData(scope, userCreateSchema.parse({ email: "a@example.com" }), new Date(0));
    expect(data.eligibilityCustomerType).toEqual([...ELIGIBILITY_VOCABULARIES.customer_type]);
    expect(data.eligibilityCompanySize).toEqual([...ELIGIBILITY_VOCABULARIES.company_size]);
    expect(data.eligibilityIncorporation).toEqual([...ELIGIBILITY_VOCABULARIES.incorporation]);
    expect([data.eligibilityCompanyStage, data.eligibilityBusinessType, data.eligibilityGeography, data.eligibilityFunding]).toEqual([[], [], [], []]);
    expect(data.role).toBe("user");
    expect(ELIGIBILITY_DIMENSIONS.map(defaultEligibility).map((v) => v.length)).toEqual([2, 0, 5, 0, 0, 2, 0]);
  });

  it("an update names only the columns it changes", () => {
    const patch = userPatchByIdentifierSchema.parse({ id: "x", eligibility: { funding: ["Angel"] }, regions: ["Asia"] });
    const { id: _id, external_user_id: _e, email: _m, role: _r, ...rest } = patch;
    expect(toUpdateData(rest)).toEqual({ eligibilityFunding: ["Angel"], regions: ["Asia"] });
    expect(toUpdateData({})).toEqual({});
  });
});

describe("list cursor", () => {
  it("round-trips and rejects anything else", () => {
    const c = { createdAt: new Date("2026-11-21T14:03:07.123Z"), id: "0a6f1c9e-1111-4222-8333-444455556666" };
    expect(decodeCreatedAtCursor(encodeCreatedAtCursor(c, "users"), "users")).toEqual(c);
    const json = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    for (const bad of ["", "!!", "e30", json(["users", "2026-11-21T14:03:07.123Z"]), json(["2026-11-21T14:03:07.123Z", c.id])]) {
      expect(() => decodeCreatedAtCursor(bad, "users"), bad).toThrow(expect.objectContaining({ status: 400, param: "cursor" }));
    }
    // Another list's cursor is not a position in this one.
    expect(() => decodeCreatedAtCursor(encodeCreatedAtCursor(c, "redemptions"), "users")).toThrow(expect.objectContaining({ status: 400, param: "cursor" }));
  });
});

describe("ISO 3166-1 alpha-2", () => {
  it("holds the 249 assigned codes, each a named region", () => {
    expect(ISO_3166_ALPHA2).toHaveLength(249);
    expect(new Set(ISO_3166_ALPHA2).size).toBe(249);
    const names = new Intl.DisplayNames(["en"], { type: "region" });
    for (const code of ISO_3166_ALPHA2) expect(names.of(code), code).not.toBe(code);
    expect(isCountryCode("GB") && !isCountryCode("gb") && !isCountryCode("UK")).toBe(true);
  });
});
