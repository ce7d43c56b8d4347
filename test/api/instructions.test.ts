// GET /v1/deals/{id}/instructions: identification, 404s, status gates, personalization and sanitizing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartnerWithToken } from "../helpers/seed";
import { seedServicepassDeals } from "../helpers/seed-deals";
import { createTestMember } from "../helpers/seed-members";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

const get = (token: string, path: string) => api(server.url, token, "GET", path);

describe("GET /v1/deals/{id}/instructions — who and what", () => {
  it("needs exactly one of user_id, external_user_id and 404s members outside the caller's scope", async () => {
    const p = await seedPartnerWithToken(server.url, "live");
    const other = await seedPartnerWithToken(server.url, "live");
    const { ids, slugs } = await seedServicepassDeals([{}]);
    const dealId = ids[slugs[0]];
    const mine = await createTestMember({ partnerId: p.partner.id, environment: "live" }, { external_user_id: "crm-42" });
    const theirs = await createTestMember({ partnerId: other.partner.id, environment: "live" });
    const mySandbox = await createTestMember({ partnerId: p.partner.id, environment: "test" }, { external_user_id: "crm-sbx" });

    const missing = await get(p.token, `/v1/deals/${dealId}/instructions`);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: "parameter_missing", param: "user_id" });
    const both = await get(p.token, `/v1/deals/${dealId}/instructions?user_id=${mine.id}&external_user_id=crm-42`);
    expect(both.status).toBe(400);
    expect((await get(p.token, `/v1/deals/${dealId}/instructions?user_id=${mine.id}&extra=1`)).body.error.code).toBe("unknown_parameter");

    for (const q of [`user_id=${theirs.id}`, `user_id=${mySandbox.id}`, "user_id=00000000-0000-4000-8000-000000000000", "user_id=garbage", "external_user_id=crm-sbx"]) {
      const res = await get(p.token, `/v1/deals/${dealId}/instructions?${q}`);
      expect(res.status, q).toBe(404);
      expect(res.body.error.code).toBe("user_not_found");
    }
    expect((await get(p.token, `/v1/deals/${dealId}/instructions?user_id=${mine.id}`)).status).toBe(200);
    expect((await get(p.token, `/v1/deals/${dealId}/instructions?external_user_id=crm-42`)).status).toBe(200);
  });

  it("404s deals that are not visible to the caller, before looking at the member", async () => {
    const p = await seedPartnerWithToken(server.url, "live");
    const other = await seedPartnerWithToken(server.url, "live");
    const m = await createTestMember({ partnerId: p.partner.id, environment: "live" });
    const { ids, slugs } = await seedServicepassDeals([{ status: "draft" }, { hidden_globally: true }, { visibility_rules: [{ rule_type: "include_partner", rule_value: [other.partner.id], priority: 0 }] }]);
    const theirs = await api(server.url, other.token, "POST", "/v1/partner-deals", { product_name: "t", short_description: "x", redemption: { method: "steps" }, status: "live" });
    for (const id of [...slugs.map((s) => ids[s]), theirs.body.id, "nope"]) {
      const res = await get(p.token, `/v1/deals/${id}/instructions?user_id=${m.id}`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("deal_not_found");
    }
    const unknownBoth = await get(p.token, `/v1/deals/${theirs.body.id}/instructions?user_id=00000000-0000-4000-8000-000000000000`);
    expect(unknownBoth.body.error.code).toBe("deal_not_found");
  });

  it("answers coming_soon with 403 not_eligible and paused/expired with 409 deal_not_redeemable", async () => {
    const p = await seedPartnerWithToken(server.url, "live");
    const m = await createTestMember({ partnerId: p.partner.id, environment: "live" });
    const { ids, slugs } = await seedServicepassDeals([{ status: "coming_soon" }, { status: "paused" }, { status: "expired" }]);
    const soon = await get(p.token, `/v1/deals/${ids[slugs[0]]}/instructions?user_id=${m.id}`);
    expect(soon.status).toBe(403);
    expect(soon.body.error).toMatchObject({ type: "permission_error", code: "not_eligible", reason: "coming_soon" });
    for (const s of slugs.slice(1)) {
      const res = await get(p.token, `/v1/deals/${ids[s]}/instructions?user_id=${m.id}`);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe("deal_not_redeemable");
    }
  });
});

describe("GET /v1/deals/{id}/instructions — personalization", () => {
  it("fills placeholders URL-encoded in redeem_url and HTML-escaped in instructions", async () => {
    const p = await seedPartnerWithToken(server.url, "live");
    const m = await createTestMember({ partnerId: p.partner.id, environment: "live" }, { email: "ada+perks@example.com", external_user_id: `<b>A&B</b> "q"` });
    const { ids, slugs } = await seedServicepassDeals([
      {
        redemption: {
          method: "promo_code",
          promo_code: "SAVE20",
          contact_email: "help@vendor.example.com",
          redeem_url: "https://vendor.example.com/r?e={{email}}&u={{ user_id }}&x={{external_user_id}}&p={{partner_id}}",
          instructions: "<p>Hi {{email}} ({{external_user_id}}), partner {{partner_id}}, member {{user_id}}</p>",
        },
      },
    ]);
    const res = await get(p.token, `/v1/deals/${ids[slugs[0]]}/instructions?user_id=${m.id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["method", "instructions", "promo_code", "redeem_url", "contact_email"]);
    expect(res.body.method).toBe("promo_code");
    expect(res.body.promo_code).toBe("SAVE20");
    expect(res.body.contact_email).toBe("help@vendor.example.com");
    const url = new URL(res.body.redeem_url);
    expect(url.searchParams.get("e")).toBe("ada+perks@example.com");
    expect(res.body.redeem_url).toContain("e=ada%2Bperks%40example.com");
    expect(url.searchParams.get("x")).toBe(`<b>A&B</b> "q"`);
    expect(url.searchParams.get("u")).toBe(m.id);
    expect(url.searchParams.get("p")).toBe(p.partner.id);
    expect(res.body.instructions).toBe(`<p>Hi ada+perks@example.com (&lt;b&gt;A&amp;B&lt;/b&gt; "q"), partner ${p.partner.id}, member ${m.id}</p>`);
    expect(res.body.instructions).not.toContain("<b>");
  });

  it("sanitizes stored HTML on read: no script, no event handlers, no javascript: URLs", async () => {
    const p = await seedPartnerWithToken(server.url, "live");
    const m = await createTestMember({ partnerId: p.partner.id, environment: "live" });
    const { ids, slugs } = await seedServicepassDeals([{ redemption: { method: "steps", instructions: "<p>ok</p>" } }]);
    const dealId = ids[slugs[0]];
    // written behind the service's back (as a legacy row or another tool might): read must still be safe
    const evil =
      `<p onclick="steal()">Step 1</p><script>alert(1)</script><img src=x onerror="alert(2)">` +
      `<a href="javascript:alert(3)">bad</a><a href="https://ok.example.com" target="_blank">good</a><iframe src="https://x"></iframe>` +
      `<a href="JaVaScRiPt:alert(4)">x</a><style>body{}</style>`;
    await db.deal.update({ where: { id: dealId }, data: { redemptionInstructions: evil } });
    for (const res of [await get(p.token, `/v1/deals/${dealId}/instructions?user_id=${m.id}`), await get(p.token, `/v1/deals/${dealId}`)]) {
      const html: string = res.body.instructions ?? res.body.redemption.instructions;
      expect(html).not.toMatch(/<script|onclick|onerror|javascript:|<iframe|<style|alert\(1\)/i);
      expect(html).toContain("Step 1");
      expect(html).toContain('href="https://ok.example.com"');
      expect(html).toContain('rel="noopener noreferrer"');
    }
  });

  it("sanitizes partner input on write and refuses non-http redeem URLs", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const bad = await api(server.url, p.token, "POST", "/v1/partner-deals", {
      product_name: "x", short_description: "x", redemption: { method: "url", redeem_url: "javascript:alert(1)" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "parameter_invalid", param: "redemption.redeem_url" });
    const ok = await api(server.url, p.token, "POST", "/v1/partner-deals", {
      product_name: "x", short_description: "x", redemption: { method: "steps", instructions: `<p>1</p><script>x()</script><a href="javascript:x()">y</a>` },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.redemption.instructions).toBe("<p>1</p><a>y</a>");
  });
});
