// notifyAdmins where things happen: a new inquiry and a code pool crossing its low-stock threshold
// (and running out) each write a notification to the email outbox, in the transaction of the change,
// to every admin who has not turned that kind off. No webhook endpoint is needed for codes.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { createInquiry } from "@/server/services/deals/inquiries/create-inquiry";
import { setCodeLowStockThreshold } from "@/server/services/deals";
import { setNotificationPreferences } from "@/server/services/email";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartnerWithToken } from "../helpers/seed";
import { createTestMember } from "../helpers/seed-members";

let server: TestServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(async () => server.close());

const admin = (partnerId: string, tag: string, teamRole: "owner" | "admin" | "developer" | "analyst" = "admin") =>
  db.admin.create({ data: { email: `${tag}-${randomUUID().slice(0, 8)}@acme.example`, passwordHash: "x", role: "partner_admin", teamRole, partnerId, passwordSetAt: new Date() } });
const outbox = (to: string) => db.emailMessage.findMany({ where: { toAddress: to }, orderBy: { createdAt: "asc" } });

describe("admin notifications at their source", () => {
  it("a new inquiry and a low / exhausted code pool notify the admins; 'off' gets nothing, 'digest' waits", async () => {
    const p = await seedPartnerWithToken(server.url, "live");
    const scope = { partnerId: p.partner.id, environment: "live" as const };
    const [instant, off, digest] = [await admin(p.partner.id, "instant"), await admin(p.partner.id, "off"), await admin(p.partner.id, "digest")];
    // Contract section 17: developers and analysts see no member personal data, so no inquiry naming a member;
    // a developer still hears of a code pool (deals are theirs), an analyst of neither.
    const [developer, analyst] = [await admin(p.partner.id, "developer", "developer"), await admin(p.partner.id, "analyst", "analyst")];
    await setNotificationPreferences(off.id, { inquiry: "off", codes_low: "off" });
    await setNotificationPreferences(digest.id, { inquiry: "digest", codes_low: "digest" });

    const deal = await api(server.url, p.token, "POST", "/v1/partner-deals", { product_name: "Cloud credits", short_description: "x", redemption: { method: "unique_code", instructions: "<p>Code</p>" } });
    await api(server.url, p.token, "POST", `/v1/partner-deals/${deal.body.id}/codes`, { codes: ["C1", "C2", "C3"] });
    await setCodeLowStockThreshold(scope, deal.body.id, 2);
    expect((await api(server.url, p.token, "PATCH", `/v1/partner-deals/${deal.body.id}`, { status: "live" })).status).toBe(200);

    const member = await createTestMember(scope);
    await createInquiry(scope, member.id, { deal_id: deal.body.id, message: "Is this for seed stage?" });
    const [inquiryMail] = await outbox(instant.email);
    expect(inquiryMail).toMatchObject({ kind: "notification", subject: `New inquiry about Cloud credits · ${p.partner.name}`, partnerId: p.partner.id });
    expect(inquiryMail.text).toContain("Is this for seed stage?");
    expect(inquiryMail.text).toContain(member.email);
    expect((inquiryMail.headers as Record<string, string>)["List-Unsubscribe"]).toMatch(/\/api\/email\/unsubscribe\?token=/);

    // Three members claim the three codes: "low" at 2 left, then "0 codes left".
    for (const m of [member, await createTestMember(scope), await createTestMember(scope)]) {
      expect((await api(server.url, p.token, "GET", `/v1/deals/${deal.body.id}/instructions?user_id=${m.id}`)).status).toBe(200);
    }
    const mails = await outbox(instant.email);
    expect(mails.map((m) => m.subject)).toEqual([
      `New inquiry about Cloud credits · ${p.partner.name}`,
      `Cloud credits is running low on codes · ${p.partner.name}`,
      `Cloud credits is running low on codes · ${p.partner.name}`,
    ]);
    expect(mails[1].text).toContain("2 codes left");
    expect(mails[2].text).toContain("0 codes left");
    expect(mails[1].links.some((l) => l.endsWith(`/deals/own/${deal.body.id}`))).toBe(true);
    expect((await outbox(developer.email)).map((m) => m.subject)).toEqual(mails.slice(1).map((m) => m.subject));
    expect(await outbox(analyst.email)).toHaveLength(0);
    expect(await outbox(off.email)).toHaveLength(0);
    expect(await outbox(digest.email)).toHaveLength(0);
    expect(await db.adminDigestItem.count({ where: { adminId: digest.id } })).toBe(3);
  });
});
