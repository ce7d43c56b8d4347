// Issue 10 item 10: a subdomain generated from a partner's name never takes a reserved name.
import { describe, expect, it } from "vitest";
import { RESERVED_SUBDOMAINS } from "@/server/schemas/partner.schema";
import { createPartner } from "@/server/services/partners";
import { parseWith } from "@/server/errors/parse-with";
import { partnerCreateSchema } from "@/server/schemas/partner.schema";

describe("generated subdomains", () => {
  it("avoid reserved names", async () => {
    for (const name of ["WWW", "Api", "Embed", "Admin"]) {
      const { partner } = await createPartner("operator", parseWith(partnerCreateSchema, { name, type: "Other" }));
      expect(RESERVED_SUBDOMAINS.has(partner.subdomain)).toBe(false);
      expect(partner.subdomain).toMatch(new RegExp(`^${name.toLowerCase()}-[a-z0-9]{4}$`));
    }
  });
});
