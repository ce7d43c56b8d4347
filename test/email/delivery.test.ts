// Email end to end through a real SMTP server (smtp-server in this process, parsed with mailparser):
// the changes go through the real /v1 endpoints and services, the outbox is written with them, and
// workers — in this process, or in their own process that gets killed — send them.
// One file on purpose: every worker claims every due email of the database.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { notifyAdmins, readMailConfig, sendDueDigests, setNotificationPreferences, startEmailWorker, type EmailWorker } from "@/server/services/email";
import { runDigests } from "@/server/services/digests";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartnerWithToken } from "../helpers/seed";
import { startSmtpSink, type SmtpSink } from "./smtp-sink";

const TEST_ENV = { MAIL_FROM: "Perkway <mail@perkway.test>", MAIL_BACKOFF_BASE_MS: "50", MAIL_POLL_MS: "50", MAIL_TIMEOUT_MS: "1500" };

let server: TestServer;
let sink: SmtpSink;
beforeAll(async () => {
  server = await startApiServer();
  sink = await startSmtpSink();
});
afterAll(async () => {
  await server.close();
  await sink.close();
});

const emailsTo = (to: string) => db.emailMessage.findMany({ where: { toAddress: to }, orderBy: { createdAt: "asc" } });

async function waitUntil<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 15_000, what = "condition"): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function waitForMail(to: string, n = 1, timeoutMs = 15_000): Promise<ParsedMail[]> {
  return waitUntil(async () => (sink.to(to).length >= n ? sink.to(to) : null), timeoutMs, `${n} email(s) to ${to}`);
}

/** The raw value of a header as sent (mailparser's parsed `headers` reshape some of them). */
const header = (m: ParsedMail, name: string) => m.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, "");

async function brandedPartner(environment: "live" | "test") {
  const p = await seedPartnerWithToken(server.url, environment, { branding: { primary_color: "#0f766e", logo_url: "https://cdn.example.com/acme.png" } });
  await db.partner.update({ where: { id: p.partner.id }, data: { supportEmail: "help@acme.example" } });
  return p;
}

describe("with a worker in this process", () => {
  let worker: EmailWorker;
  beforeAll(() => {
    worker = startEmailWorker(readMailConfig({ ...TEST_ENV, SMTP_URL: sink.url }), { databaseUrl: process.env.DATABASE_URL, log: () => {} });
  });
  afterAll(async () => worker.stop());

  it("POST /v1/users/{id}/sign-in-email: a branded email from the partner with both parts and a working link", async () => {
    const p = await brandedPartner("live");
    const email = `ada-${randomUUID().slice(0, 8)}@example.com`;
    const user = await api(server.url, p.token, "POST", "/v1/users", { email });
    const res = await api(server.url, p.token, "POST", `/v1/users/${user.body.id}/sign-in-email`);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ queued: true });
    const [mail] = await waitForMail(email);
    expect(mail.subject).toBe(`Your sign-in link for ${p.partner.name}`);
    expect(mail.from?.value).toEqual([{ name: p.partner.name, address: "mail@perkway.test" }]);
    expect(mail.replyTo?.value).toEqual([{ name: "", address: "help@acme.example" }]);
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@perkway\.test>$/);
    expect(header(mail, "list-unsubscribe")).toBeUndefined(); // transactional
    // Both parts, the same link in each, the partner's name, logo and colour in the HTML.
    const link = /https?:\/\/[^\s"<>\]]+\/auth\/magic\?token=[A-Za-z0-9_-]{43}/.exec(String(mail.html))?.[0];
    expect(link).toContain(`${p.partner.subdomain}.`);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain("#0f766e");
    expect(mail.html).toContain('src="https://cdn.example.com/acme.png"');
    expect(mail.text).toContain(p.partner.name);
    // The link is a real, unused magic link (GET inspects, never consumes).
    const token = new URL(link!).searchParams.get("token")!;
    const { inspectMagicLink } = await import("@/server/services/members");
    expect((await inspectMagicLink(token)).state).toBe("valid");
    const [row] = await waitUntil(async () => ((await emailsTo(email))[0]?.status === "sent" ? emailsTo(email) : null), 5000, "sent row");
    expect(row.lastError).toBeNull();
    expect(row).toMatchObject({ kind: "member_sign_in", attempts: 1, partnerId: p.partner.id, environment: "live" });
  });

  it("sandbox emails say [Sandbox]; send_sign_in_email on POST /v1/users sends one, never on an idempotent replay", async () => {
    const p = await brandedPartner("test");
    const email = `sb-${randomUUID().slice(0, 8)}@example.com`;
    const key = { "Idempotency-Key": randomUUID() };
    const first = await api(server.url, p.token, "POST", "/v1/users", { email, send_sign_in_email: true }, key);
    expect(first.status).toBe(201);
    const replay = await api(server.url, p.token, "POST", "/v1/users", { email, send_sign_in_email: true }, key);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    // An existing member asked again without a key: a second email.
    expect((await api(server.url, p.token, "POST", "/v1/users", { email, send_sign_in_email: true })).status).toBe(200);
    const mails = await waitForMail(email, 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.to(email)).toHaveLength(2);
    expect(mails[0].subject).toBe(`[Sandbox] Your sign-in link for ${p.partner.name}`);
    // The emailed link is not the sign_in_url of the response (each is single use).
    expect(String(mails[0].html)).not.toContain(first.body.sign_in_url);
    // Without the flag: no email.
    const quiet = `quiet-${randomUUID().slice(0, 8)}@example.com`;
    await api(server.url, p.token, "POST", "/v1/users", { email: quiet, send_sign_in_email: false });
    expect(await emailsTo(quiet)).toHaveLength(0);
  });

  it("every other kind arrives with both parts, its links and its branding: invitation, reset, password changed, self sign-in", async () => {
    const p = await brandedPartner("live");
    const { createAdminInvite, requestPasswordReset, setPasswordWithToken } = await import("@/server/services/admins");
    const { requestSelfSignInLink, queueSignInLinkEmail } = await import("@/server/services/members");
    const { MemoryRateLimitStore } = await import("@/server/http/rate-limit-store-memory");
    const bothParts = (m: ParsedMail, link: string) => {
      expect(String(m.html)).toContain(link.replaceAll("&", "&amp;"));
      expect(m.text).toContain(link);
      expect(header(m, "list-unsubscribe")).toBeUndefined(); // all transactional
    };
    const linkIn = (m: ParsedMail, part: string) => [...String(m.text).matchAll(/https?:\/\/[^\s"<>\]]+/g)].map((x) => x[0]).find((l) => l.includes(part))!;

    // Invitation → set the password; reset → new password; the notice.
    const adminEmail = `adm-${randomUUID().slice(0, 8)}@acme.example`;
    await createAdminInvite({ partnerId: p.partner.id }, { type: "admin", adminId: randomUUID(), email: "boss@acme.example" }, { email: adminEmail, name: "" });
    const [invitation] = await waitForMail(adminEmail);
    expect(invitation.subject).toBe(`You're invited to manage ${p.partner.name} on Perkway`);
    expect(invitation.from?.value[0]).toMatchObject({ name: "Perkway", address: "mail@perkway.test" });
    expect(String(invitation.html)).toContain("#4f46e5"); // platform emails wear Perkway's colour
    const setLink = linkIn(invitation, "/set-password?token=");
    bothParts(invitation, setLink);
    await setPasswordWithToken(new URL(setLink).searchParams.get("token")!, "first-password-123");
    await requestPasswordReset(adminEmail);
    const [, reset] = await waitForMail(adminEmail, 2);
    expect(reset.subject).toBe("Reset your Perkway password");
    const resetLink = linkIn(reset, "/set-password?token=");
    bothParts(reset, resetLink);
    await setPasswordWithToken(new URL(resetLink).searchParams.get("token")!, "second-password-456");
    const [, , notice] = await waitForMail(adminEmail, 3);
    expect(notice.subject).toBe("Your Perkway password was changed");
    bothParts(notice, linkIn(notice, "/forgot-password"));

    // Self sign-in: the member's own request, branded as the partner, Reply-To its support address.
    const member = `self-${randomUUID().slice(0, 8)}@example.com`;
    await api(server.url, p.token, "POST", "/v1/users", { email: member });
    const config = { appDomain: "perkway.test", scheme: "http" as const, pathFallback: false, ttlSeconds: 900 };
    const outcome = await requestSelfSignInLink(p.partner.id, member, "10.1.2.3", {
      store: new MemoryRateLimitStore(),
      config,
      deliver: (scope, to, link) => queueSignInLinkEmail(scope, to, link, config),
    });
    expect(outcome).toBe("link_sent");
    const [self] = await waitForMail(member);
    expect(self.subject).toBe(`Your sign-in link for ${p.partner.name}`);
    expect(self.from?.value[0]).toMatchObject({ name: p.partner.name });
    expect(self.replyTo?.value[0]?.address).toBe("help@acme.example");
    expect(String(self.html)).toContain("#0f766e");
    expect(String(self.html)).toContain('src="https://cdn.example.com/acme.png"');
    bothParts(self, linkIn(self, "/auth/magic?token="));
  });

  it("an SMTP server that refuses twice then accepts gets the email once", async () => {
    const p = await brandedPartner("live");
    const email = `retry-${randomUUID().slice(0, 8)}@example.com`;
    const user = await api(server.url, p.token, "POST", "/v1/users", { email });
    // Refusals and attempts for this recipient only: the worker also sends other test files' emails.
    sink.refuse(2, email);
    expect((await api(server.url, p.token, "POST", `/v1/users/${user.body.id}/sign-in-email`)).status).toBe(202);
    await waitForMail(email);
    await new Promise((r) => setTimeout(r, 400));
    expect(sink.to(email)).toHaveLength(1);
    expect(sink.attemptsTo(email)).toBe(3);
    const [row] = await waitUntil(async () => ((await emailsTo(email))[0]?.status === "sent" ? emailsTo(email) : null), 5000, "sent row");
    expect(row.attempts).toBe(3);
    expect(row.lastError).toBeNull();
  });

  // Contract §16 and §19 (issue 52.7): the digest and ending-soon emails name a deal by its text in the
  // member's language (each field, else the deal's own), not only the email's own words.
  it("a French member's digest and ending-soon emails name the deal in French", async () => {
    const p = await seedPartnerWithToken(server.url, "live", { default_locale: "en", locales: ["en", "fr"] });
    const day = 86_400_000;
    const endDate = new Date(Date.now() + 10 * day).toISOString().slice(0, 10);
    const tag = randomUUID().slice(0, 8);
    const deal = await api(server.url, p.token, "POST", "/v1/partner-deals", {
      product_name: `0 Cloud credits ${tag}`,
      short_description: "Credits for your first year",
      perk_description: "6 months free",
      status: "live",
      tags: ["featured"],
      end_date: endDate,
      redemption: { method: "url", redeem_url: "https://vendor.example.com/go" },
      translations: { fr: { product_name: `0 Crédits cloud ${tag}`, perk_description: "6 mois offerts" } },
    });
    expect(deal.status).toBe(201);
    const email = `fr-${tag}@example.com`;
    const member = await api(server.url, p.token, "POST", "/v1/users", { email, locale: "fr-FR" });
    expect(member.status).toBe(201);
    // The member looked at the deal (ending soon is for deals a member viewed and did not redeem).
    await db.$executeRaw`INSERT INTO events (id, partner_id, environment, event_type, member_id, deal_id, occurred_at, received_at)
      VALUES (gen_random_uuid(), ${p.partner.id}::uuid, 'live'::"Environment", 'deal_detail_viewed', ${member.body.id}::uuid, ${deal.body.id}::uuid, now(), now())`;
    // Next week: the member's first digest (they joined this week) and the reminder (end_date − 7 days passed).
    const ran = await runDigests({ scheme: "http", appDomain: "perks.test", pathFallback: false }, new Date(Date.now() + 8 * day), [p.partner.id]);
    expect(ran).toEqual({ digests: 1, ending_soon: 1 });
    const mails = await waitForMail(email, 2);
    const digest = mails.find((m) => m.subject?.startsWith("Nouvelles offres"));
    const ending = mails.find((m) => m !== digest);
    expect(digest, mails.map((m) => m.subject).join(" | ")).toBeDefined();
    for (const m of [digest!, ending!]) {
      expect(`${m.subject} ${m.text}`).toContain(`Crédits cloud ${tag}`);
      expect(m.text).toContain("6 mois offerts");
      expect(String(m.html)).toContain(`Crédits cloud ${tag}`);
      expect(`${m.subject} ${m.text} ${m.html}`).not.toContain(`Cloud credits ${tag}`);
      expect(`${m.text}`).not.toContain("6 months free");
    }
  });

  it("notifies admins: instant with List-Unsubscribe, digest once per day, off sends nothing", async () => {
    const p = await brandedPartner("live");
    const scope = { partnerId: p.partner.id, environment: "live" as const };
    const mk = async (mode: "instant" | "digest" | "off") => {
      const admin = await db.admin.create({ data: { email: `${mode}-${randomUUID().slice(0, 8)}@acme.example`, passwordHash: "x", role: "partner_admin", partnerId: p.partner.id, passwordSetAt: new Date() } });
      await setNotificationPreferences(admin.id, { inquiry: mode });
      return admin;
    };
    const [instant, digest, off] = [await mk("instant"), await mk("digest"), await mk("off")];
    await db.$transaction((tx) => notifyAdmins(tx, scope, "inquiry", { inquiryId: randomUUID(), dealName: "Cloud credits", memberEmail: "ada@example.com", message: "Is this for seed stage?" }, { baseUrl: "http://portal.test" }));
    const [mail] = await waitForMail(instant.email);
    expect(mail.subject).toBe(`New inquiry about Cloud credits · ${p.partner.name}`);
    expect(mail.text).toContain("Is this for seed stage?");
    expect(mail.text).toContain("http://portal.test/inquiries");
    expect(header(mail, "list-unsubscribe")).toMatch(/^<http:\/\/portal\.test\/api\/email\/unsubscribe\?token=/);
    expect(header(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(await emailsTo(off.email)).toHaveLength(0);
    expect(await emailsTo(digest.email)).toHaveLength(0);
    // Digests: two runs (two instances, or the same one a minute later) send one.
    await db.$transaction((tx) => notifyAdmins(tx, scope, "inquiry", { inquiryId: randomUUID(), dealName: "Legal help", memberEmail: null, message: "Hi" }, { baseUrl: "http://portal.test" }));
    const noon = new Date();
    noon.setUTCHours(12);
    await Promise.all([sendDueDigests({ digestHourUtc: 8 }, "http://portal.test", noon), sendDueDigests({ digestHourUtc: 8 }, "http://portal.test", noon)]);
    const [d] = await waitForMail(digest.email);
    expect(d.subject).toBe(`Your daily Perkway digest: 2 updates · ${p.partner.name}`);
    expect(d.text).toContain("Cloud credits");
    expect(d.text).toContain("Legal help");
    expect(header(d, "list-unsubscribe")).toContain("/api/email/unsubscribe?token=");
    // A notification after today's digest waits for tomorrow's.
    await db.$transaction((tx) => notifyAdmins(tx, scope, "inquiry", { inquiryId: randomUUID(), dealName: "Later", memberEmail: null, message: "Hi" }, { baseUrl: "http://portal.test" }));
    expect(await sendDueDigests({ digestHourUtc: 8 }, "http://portal.test", noon)).toBe(0);
    const tomorrow = new Date(noon.getTime() + 24 * 3600 * 1000);
    expect(await sendDueDigests({ digestHourUtc: 8 }, "http://portal.test", tomorrow)).toBeGreaterThanOrEqual(1);
    await waitForMail(digest.email, 2);
  });
});

describe("without SMTP_URL", () => {
  it("keeps the email and logs one line with its subject and links", async () => {
    const lines: string[] = [];
    const worker = startEmailWorker(readMailConfig(TEST_ENV), { log: (m) => lines.push(m) });
    try {
      const p = await brandedPartner("live");
      const email = `kept-${randomUUID().slice(0, 8)}@example.com`;
      const user = await api(server.url, p.token, "POST", "/v1/users", { email });
      await api(server.url, p.token, "POST", `/v1/users/${user.body.id}/sign-in-email`);
      const [row] = await waitUntil(async () => ((await emailsTo(email))[0]?.status === "kept" ? emailsTo(email) : null), 5000, "kept row");
      const mine = lines.filter((l) => l.includes(email));
      expect(mine).toHaveLength(1);
      expect(mine[0]).toContain(`"Your sign-in link for ${p.partner.name}"`);
      expect(mine[0]).toContain(row.links.find((l) => l.includes("/auth/magic?token="))!);
      // The laptop's delivery: the link is usable (the structured log's redaction does not apply).
      expect(mine[0]).toMatch(/\/auth\/magic\?token=[A-Za-z0-9_-]{43}/);
      expect(mine[0]).not.toContain("redacted");
      expect(sink.to(email)).toHaveLength(0);
    } finally {
      await worker.stop();
    }
  });
});

// ---- A worker process killed mid-send ------------------------------------------------------------

function spawnWorker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "test/email/worker-process.ts"], {
    env: { ...process.env, ...TEST_ENV, SMTP_URL: sink.url, DATABASE_URL: process.env.DATABASE_URL },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stderr!.on("data", () => {});
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => d.toString().includes("ready") && resolve(child));
    child.on("exit", (code) => reject(new Error(`worker exited early (${code})`)));
  });
}

describe("with a worker process", () => {
  it("survives a restart mid-send: the email is sent by the next worker, nothing lost", async () => {
    const p = await brandedPartner("live");
    const email = `crash-${randomUUID().slice(0, 8)}@example.com`;
    const user = await api(server.url, p.token, "POST", "/v1/users", { email });
    // Only this email is held: the worker also sends other test files' emails, which must not take
    // its turns waiting on a server that never answers.
    sink.hold(true, email);
    const first = await spawnWorker();
    try {
      await api(server.url, p.token, "POST", `/v1/users/${user.body.id}/sign-in-email`);
      // Our email's attempt, not any attempt: the worker also claims other test files' emails.
      await waitUntil(async () => sink.attemptsTo(email) > 0, 10_000, "the first attempt to reach the server");
      const exited = new Promise((r) => first.once("exit", r));
      first.kill("SIGKILL");
      await exited;
    } finally {
      if (first.exitCode === null && !first.signalCode) first.kill("SIGKILL");
      sink.hold(false);
    }
    expect((await emailsTo(email))[0]).toMatchObject({ status: "pending", attempts: 1 });
    // Once the dead worker's lease ends, the next worker sends the email again, same Message-ID.
    const worker = startEmailWorker(readMailConfig({ ...TEST_ENV, SMTP_URL: sink.url }), { log: () => {} });
    try {
      const [mail] = await waitForMail(email, 1, 20_000);
      const row = await waitUntil(async () => (await emailsTo(email)).find((r) => r.status === "sent"), 5000, "sent");
      expect(row.attempts).toBe(2);
      expect(mail.messageId).toBe(`<${row.id}@perkway.test>`);
    } finally {
      await worker.stop();
    }
  }, 40_000);
});
