// Member emails in the member's language (contract §16), as queued in the outbox over real HTTP:
// the sign-in email in French (the member's locale) and in Arabic (the partner's default, right to
// left), and an access decision in the member's language with the deal's translated name.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartnerWithToken } from "../helpers/seed";
import { createInquiry } from "@/server/services/deals/inquiries/create-inquiry";
import { replyToInquiry } from "@/server/services/inbox";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

const rowsTo = (to: string) => db.emailMessage.findMany({ where: { toAddress: to }, orderBy: { createdAt: "asc" } });
const address = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

describe("member emails in the member's language", () => {
  it("the sign-in email follows the member's locale, else the partner's default_locale", async () => {
    const p = await seedPartnerWithToken(server.url, "live", { default_locale: "ar", locales: ["ar", "fr", "en"] });
    const french = address("fr");
    const created = await api(server.url, p.token, "POST", "/v1/users", { email: french, locale: "fr-CA", send_sign_in_email: true });
    expect(created.status).toBe(201);
    const [fr] = await rowsTo(french);
    expect(fr.subject).toBe(`Votre lien de connexion à ${p.partner.name}`);
    expect(fr.html).toMatch(/<html[^>]*lang="fr"/);
    expect(fr.html).toMatch(/<html[^>]*dir="ltr"/);
    expect(fr.text).toContain("15 minutes");

    const arabic = address("ar");
    await api(server.url, p.token, "POST", "/v1/users", { email: arabic, send_sign_in_email: true });
    const [ar] = await rowsTo(arabic);
    expect(ar.subject).toBe(`رابط تسجيل الدخول إلى ${p.partner.name}`);
    expect(ar.html).toMatch(/<html[^>]*lang="ar"/);
    expect(ar.html).toMatch(/<html[^>]*dir="rtl"/);
    expect(ar.text).toContain("15 دقيقة");

    // A locale we do not speak falls back to the partner's default.
    const italian = address("it");
    await api(server.url, p.token, "POST", "/v1/users", { email: italian, locale: "it", send_sign_in_email: true });
    expect((await rowsTo(italian))[0].subject).toBe(`رابط تسجيل الدخول إلى ${p.partner.name}`);
    // A language the product speaks but this partner does not offer falls back too (decided 2026-12-02).
    const german = address("de");
    await api(server.url, p.token, "POST", "/v1/users", { email: german, locale: "de-DE", send_sign_in_email: true });
    expect((await rowsTo(german))[0].subject).toBe(`رابط تسجيل الدخول إلى ${p.partner.name}`);
  });

  it("an access decision is written in the member's language, with the deal's name in it", async () => {
    const p = await seedPartnerWithToken(server.url, "live", { locales: ["en", "es"] });
    const deal = await api(server.url, p.token, "POST", "/v1/partner-deals", {
      product_name: "Cloud credits",
      short_description: "Credits",
      status: "live",
      approval_required: true,
      redemption: { method: "url", redeem_url: "https://vendor.example.com/go" },
      translations: { es: { product_name: "Créditos en la nube" } },
    });
    expect(deal.status).toBe(201);
    const email = address("es");
    const member = await api(server.url, p.token, "POST", "/v1/users", { email, locale: "es-MX" });
    const request = await api(server.url, p.token, "POST", `/v1/deals/${deal.body.id}/access-requests`, { user_id: member.body.id });
    expect(request.status).toBe(201);
    expect((await api(server.url, p.token, "POST", `/v1/access-requests/${request.body.id}/approve`, { note: "¡Disfrútalo!" })).status).toBe(200);
    const rows = (await rowsTo(email)).filter((r) => r.kind === "access_decision");
    expect(rows).toHaveLength(1);
    expect(rows[0].subject).toBe("Aprobada: ya tienes acceso a Créditos en la nube");
    expect(rows[0].text).toContain("Nota: «¡Disfrútalo!»");
  });

  it("a reply to an inquiry is written in the member's language, with the deal's translated name", async () => {
    const p = await seedPartnerWithToken(server.url, "live", { locales: ["en", "de"] });
    const scope = { partnerId: p.partner.id, environment: "live" as const };
    const deal = await api(server.url, p.token, "POST", "/v1/partner-deals", {
      product_name: "Office hours",
      short_description: "Talk to us",
      status: "live",
      redemption: { method: "inquiry" },
      translations: { de: { product_name: "Sprechstunde" } },
    });
    expect(deal.status).toBe(201);
    const email = address("de");
    const member = await api(server.url, p.token, "POST", "/v1/users", { email, locale: "de-AT" });
    const inquiry = await createInquiry(scope, member.body.id, { deal_id: deal.body.id, message: "Wann passt es?" });
    await replyToInquiry(scope, inquiry.id, "Dienstags um 10 Uhr.", { adminId: randomUUID(), email: "ops@example.com" });
    const [row] = (await rowsTo(email)).filter((r) => r.kind === "inquiry_reply");
    expect(row.subject).toBe("Re: Ihre Frage zu Sprechstunde");
    expect(row.html).toMatch(/<html[^>]*lang="de"/);
    expect(row.text).toContain("Ihre Frage: „Wann passt es?“");
    expect(row.text).toContain("Dienstags um 10 Uhr.");
  });
});
