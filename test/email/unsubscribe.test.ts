// The List-Unsubscribe link of notification emails: the route handler of /api/email/unsubscribe,
// called as Next calls it. One click (POST) turns that kind off for that admin; GET changes nothing;
// a tampered, truncated or foreign token is a 400 page, never a 5xx.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET, POST } from "@/app/api/email/unsubscribe/route";
import { db } from "../helpers/db";
import { getNotificationPreferences, notifyAdmins, setNotificationPreferences } from "@/server/services/email";
import { seedPartner } from "../helpers/seed";

async function notifiedAdmin() {
  const p = await seedPartner();
  const admin = await db.admin.create({ data: { email: `unsub-${randomUUID().slice(0, 8)}@acme.example`, passwordHash: "x", role: "partner_admin", partnerId: p.partner.id, passwordSetAt: new Date() } });
  await setNotificationPreferences(admin.id, { codes_low: "instant", inquiry: "instant" });
  await db.$transaction((tx) =>
    notifyAdmins(tx, { partnerId: p.partner.id, environment: "live" }, "inquiry", { inquiryId: randomUUID(), dealName: "Cloud", memberEmail: null, message: "Hi" }, { baseUrl: "http://portal.test" }),
  );
  const row = await db.emailMessage.findFirstOrThrow({ where: { toAddress: admin.email } });
  const headers = row.headers as Record<string, string>;
  const url = /^<(.+)>$/.exec(headers["List-Unsubscribe"])![1];
  return { admin, url, headers };
}

const post = (url: string) => POST(new Request(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" }));

describe("/api/email/unsubscribe", () => {
  it("one-click POST turns that kind off for that admin only; GET changes nothing; a repeat is fine", async () => {
    const { admin, url, headers } = await notifiedAdmin();
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const page = await GET(new Request(url));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Unsubscribe");
    expect((await getNotificationPreferences(admin.id)).inquiry).toBe("instant");
    const res = await post(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("new inquiries");
    expect(await getNotificationPreferences(admin.id)).toMatchObject({ inquiry: "off", codes_low: "instant" });
    expect((await post(url)).status).toBe(200);
  });

  it("tampered, truncated, foreign-kind or missing tokens: 400 pages", async () => {
    const { admin, url } = await notifiedAdmin();
    const token = new URL(url).searchParams.get("token")!;
    const [id, kind, mac] = token.split(".");
    const bad = [
      `${id}.${kind}.${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`,
      `${id}.codes_low.${mac}`,
      `${randomUUID()}.${kind}.${mac}`,
      `not-a-uuid.${kind}.${mac}`,
      token.slice(0, 20),
      "",
      "a.b.c.d",
      "x".repeat(5000),
    ];
    for (const t of bad) {
      const u = `http://portal.test/api/email/unsubscribe?token=${encodeURIComponent(t)}`;
      expect((await post(u)).status, t).toBe(400);
      expect((await GET(new Request(u))).status, t).toBeLessThan(500);
    }
    expect((await POST(new Request("http://portal.test/api/email/unsubscribe", { method: "POST" }))).status).toBe(400);
    expect((await getNotificationPreferences(admin.id)).inquiry).toBe("instant");
  });
});
