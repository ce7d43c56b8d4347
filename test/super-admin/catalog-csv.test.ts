// The catalogue CSV codec: cells to catalogue entry fields (lists, categories, rules, booleans,
// redemption columns) and back, and unreadable files.
import { describe, expect, it } from "vitest";
import { csvRowToEntry, parseCatalogFile } from "@/server/services/deals/catalogue/catalog-csv";
import { catalogEntriesToCsv } from "@/server/trpc/views/catalog-export";

describe("catalogue CSV", () => {
  it("maps cells to entry fields; empty cells are left out", () => {
    expect(
      csvRowToEntry({
        slug: "acme",
        product_name: "Acme",
        perk_description: "",
        tags: "new; featured",
        badges: '["a;b","c"]',
        categories: "dev-tools|Developer tools;Cloud hosting",
        visibility_rules: '[{"rule_type":"include_region","rule_value":["Europe"],"priority":2}]',
        api_excluded: "yes",
        active: "0",
        approval_required: "maybe",
        est_value: "1200.5",
        "redemption.method": "promo_code",
        "redemption.promo_code": "SAVE",
        "redemption.redeem_url": "",
      }),
    ).toEqual({
      slug: "acme",
      product_name: "Acme",
      tags: ["new", "featured"],
      badges: ["a;b", "c"],
      categories: [
        { slug: "dev-tools", name: "Developer tools" },
        { slug: "cloud-hosting", name: "Cloud hosting" },
      ],
      visibility_rules: [{ rule_type: "include_region", rule_value: ["Europe"], priority: 2 }],
      api_excluded: true,
      active: false,
      approval_required: "maybe", // left as text: the schema names the problem
      est_value: 1200.5,
      redemption: { method: "promo_code", promo_code: "SAVE" },
    });
  });

  it("round-trips entries through CSV", () => {
    const entry = {
      slug: "round",
      product_name: 'Quote "and" comma, here',
      short_description: "Line one\nline two",
      categories: [{ slug: "a", name: "A; semi" }],
      tags: ["new"],
      badges: [],
      est_value: null,
      hidden_globally: true,
      redemption: { method: "url", instructions: "<p>x</p>", promo_code: "", redeem_url: "https://e.x/", contact_email: "" },
      visibility_rules: [{ rule_type: "exclude_partner_type", rule_value: ["Bank", "VC fund"], priority: 0 }],
    };
    const [back] = parseCatalogFile("csv", catalogEntriesToCsv([entry])) as Record<string, unknown>[];
    expect(back).toEqual({
      slug: "round",
      product_name: 'Quote "and" comma, here',
      short_description: "Line one\nline two",
      categories: [{ slug: "a", name: "A; semi" }],
      tags: ["new"],
      hidden_globally: true,
      redemption: { method: "url", instructions: "<p>x</p>", redeem_url: "https://e.x/" },
      visibility_rules: entry.visibility_rules,
    });
  });

  it("refuses files it cannot read", () => {
    expect(() => parseCatalogFile("json", "{")).toThrow(/not valid JSON/);
    expect(() => parseCatalogFile("json", '{"deals": 1}')).toThrow(/array of deals/);
    expect(() => parseCatalogFile("csv", "name,description\nx,y")).toThrow(/header row/);
    expect(parseCatalogFile("json", '{"data":[{"slug":"x"}]}')).toEqual([{ slug: "x" }]);
  });
});
