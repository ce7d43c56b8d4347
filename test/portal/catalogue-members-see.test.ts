// Issue 44, item 12: the catalogue's "Members see it" is the engine's answer for the hosted app and
// widget, so a deal kept out of the API reads "Visible" (with "Not in your API") next to the reason
// "your hosted app and widget still show it", never "Hidden"; and a region rule is worded as where
// members can redeem the deal, not as which partners list it.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { describeRuleSet } from "@/server/domain/visibility";
import { importCatalog, listPartnerCatalogue } from "@/server/services/deals";
import { seedPartner } from "../helpers/seed";

const listInput = (q: string) => ({ q, visibility: "all" as const, page: 1, page_size: 25 });

describe("catalogue visibility in words (issue 44)", () => {
  it("an API-excluded deal is shown to members, hidden from the API only", async () => {
    const tag = randomUUID().slice(0, 8);
    await importCatalog("operator", [
      { slug: `api-out-${tag}`, product_name: `Api out ${tag}`, short_description: "Kept out of the API.", api_excluded: true },
      { slug: `api-in-${tag}`, product_name: `Api in ${tag}`, short_description: "Everywhere." },
      { slug: `off-${tag}`, product_name: `Off ${tag}`, short_description: "Inactive.", active: false },
    ]);
    const { partner } = await seedPartner({ regions: ["Europe"] });
    const out = await listPartnerCatalogue({ partnerId: partner.id, environment: "test" }, listInput(tag));
    const row = (name: string) => out.rows.find((r) => r.product_name === `${name} ${tag}`)!;
    expect(row("Api out")).toMatchObject({ visible: false, shown_to_members: true });
    expect(row("Api out").hidden_by.map((r) => r.code)).toEqual(["api_excluded"]);
    expect(row("Api in")).toMatchObject({ visible: true, shown_to_members: true });
    expect(row("Off")).toMatchObject({ visible: false, shown_to_members: false });
  });

  it("says where members can redeem, apart from which partners list the deal", () => {
    const rules = [{ rule_type: "include_region" as const, rule_value: ["North America"], priority: 1 }];
    expect(describeRuleSet(rules)).toBe("Visible to every partner; members can redeem it in North America only.");
  });
});
