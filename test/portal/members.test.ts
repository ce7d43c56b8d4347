// Portal members over tRPC (members.*): the /v1/users services with the portal's list (search,
// filters, signed in), create/edit with the /v1 schema, delete, sign-in links, CSV import chunks;
// activity recorded in the change's transaction for portal changes and never for /v1; environment
// and tenant isolation.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { hostedAppConfig } from "@/server/config/hosted-app-config";
import { consumeMagicLink } from "@/server/services/members/magic-links/consume-magic-link";
import { issueMagicLinks } from "@/server/services/members/magic-links/issue-magic-link";
import { MAX_LINKS_PER_MEMBER } from "@/server/services/members/magic-links/magic-link-config";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, getToken } from "../helpers/seed";
import { seedPortalPartner, trpcError } from "./portal-fixtures";

let server: TestServer;
let a: Awaited<ReturnType<typeof seedPortalPartner>>;
let b: Awaited<ReturnType<typeof seedPortalPartner>>;
let tokenA: string;

const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;
const uniq = () => randomUUID().slice(0, 8);

beforeAll(async () => {
  server = await startApiServer();
  [a, b] = await Promise.all([seedPortalPartner(), seedPortalPartner()]);
  tokenA = await getToken(server.url, a.keys.live);
});
afterAll(async () => server?.close());

describe("members.create / update with the /v1/users schema", () => {
  it("creates a member that GET /v1/users finds, with a working sign-in link, and records member.created", async () => {
    const email = `Ada-${uniq()}@Example.com `;
    const out = await a.live.members.create({ email, external_user_id: `ext-${uniq()}`, tier: "premium", eligibility: { company_size: ["1-10"] } });
    expect(out.created).toBe(true);
    expect(out.user.email).toBe(email.trim().toLowerCase());
    expect(out.user.eligibility_company_size).toEqual(["1-10"]);
    expect(out.user.last_signed_in_at).toBeNull();
    expect(out.sign_in_url).toContain(a.partner.subdomain);

    const listed = await api(server.url, tokenA, "GET", `/v1/users?email=${encodeURIComponent(out.user.email)}`);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({ id: out.user.id, tier: "premium", external_user_id: out.user.external_user_id });

    const log = await db.activityLog.findMany({ where: { partnerId: a.partnerId, targetId: out.user.id } });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: "member.created", actorType: "admin", actorId: a.admin.adminId, actorEmail: a.admin.email, environment: "live" });
    expect(log[0].summary).toContain(out.user.email);
  });

  it("an existing email returns the stored member unchanged (created false) and records nothing", async () => {
    const email = `twice-${uniq()}@example.com`;
    const first = await a.live.members.create({ email });
    const second = await a.live.members.create({ email, tier: "premium" });
    expect(second.created).toBe(false);
    expect(second.user.id).toBe(first.user.id);
    expect(second.user.tier).toBe("free");
    expect(await db.activityLog.count({ where: { partnerId: a.partnerId, targetId: first.user.id } })).toBe(1);
  });

  it("refuses what /v1 refuses, with the field named (same schema)", async () => {
    expect((await trpcError(a.live.members.create({ email: "not-an-email" }))).code).toBe("BAD_REQUEST");
    const err = await trpcError(a.live.members.create({ email: `x-${uniq()}@example.com`, eligibility: { geography: ["UK"] } } as never));
    expect(err.code).toBe("BAD_REQUEST");
    expect(err.message).toContain("GB");
    expect((await trpcError(a.live.members.create({ email: `r-${uniq()}@example.com`, role: "partner_admin" } as never))).code).toBe("BAD_REQUEST");
  });

  it("update changes the named fields, records before/after of those only; /v1 PATCH records nothing", async () => {
    const { user } = await a.live.members.create({ email: `upd-${uniq()}@example.com` });
    const updated = await a.live.members.update({ id: user.id, patch: { tier: "premium", eligibility: { funding: ["Angel"] } } });
    expect(updated).toMatchObject({ tier: "premium", eligibility_funding: ["Angel"] });
    const entry = await db.activityLog.findFirstOrThrow({ where: { partnerId: a.partnerId, targetId: user.id, action: "member.updated" } });
    expect(entry.changes).toEqual({ before: { tier: "free", eligibility_funding: [] }, after: { tier: "premium", eligibility_funding: ["Angel"] } });

    const patched = await api(server.url, tokenA, "PATCH", `/v1/users/${user.id}`, { tier: "free" });
    expect(patched.status).toBe(200);
    expect(await db.activityLog.count({ where: { partnerId: a.partnerId, targetId: user.id, action: "member.updated" } })).toBe(1);
  });

  it("an update to a taken email is a 409 on the email field", async () => {
    const one = await a.live.members.create({ email: `one-${uniq()}@example.com` });
    const two = await a.live.members.create({ email: `two-${uniq()}@example.com` });
    const err = await trpcError(a.live.members.update({ id: two.user.id, patch: { email: one.user.email } }));
    expect(err.code).toBe("CONFLICT");
    expect(err.appCode).toBe("email_taken");
  });
});

describe("members.delete", () => {
  it("erases the member, records member.deleted, and erases the email from earlier log entries", async () => {
    const { user } = await a.live.members.create({ email: `gone-${uniq()}@example.com` });
    await a.live.members.update({ id: user.id, patch: { tier: "premium" } });
    expect(await a.live.members.delete({ id: user.id })).toEqual({ id: user.id, deleted: true });
    expect(await db.member.count({ where: { id: user.id } })).toBe(0);
    const entries = await db.activityLog.findMany({ where: { partnerId: a.partnerId, targetId: user.id }, orderBy: { createdAt: "asc" } });
    expect(entries.map((e) => e.action)).toEqual(["member.created", "member.updated", "member.deleted"]);
    expect(JSON.stringify(entries)).not.toContain(user.email);
    expect((await trpcError(a.live.members.delete({ id: user.id }))).code).toBe("NOT_FOUND");
  });

  it("over /v1 it records nothing", async () => {
    const { user } = await a.live.members.create({ email: `v1del-${uniq()}@example.com` });
    expect((await api(server.url, tokenA, "DELETE", `/v1/users/${user.id}`)).status).toBe(200);
    expect(await db.activityLog.count({ where: { partnerId: a.partnerId, targetId: user.id, action: "member.deleted" } })).toBe(0);
  });
});

describe("members.deleteMany", () => {
  it("deletes the selected members of the scope in one go, each recorded as member.deleted", async () => {
    const made = await Promise.all([1, 2, 3].map((i) => a.live.members.create({ email: `bulk${i}-${uniq()}@example.com` })));
    const ids = made.map((m) => m.user.id);
    expect(await a.live.members.deleteMany({ ids: ids.slice(0, 2) })).toEqual({ deleted: 2 });
    expect(await db.member.count({ where: { id: { in: ids } } })).toBe(1);
    expect(await db.activityLog.count({ where: { partnerId: a.partnerId, targetId: { in: ids }, action: "member.deleted" } })).toBe(2);
  });

  it("all or none: another partner's, the other environment's or an unknown id deletes nothing", async () => {
    const mine = await a.live.members.create({ email: `keep-${uniq()}@example.com` });
    const sandbox = await a.sandbox.members.create({ email: `sbx-${uniq()}@example.com` });
    const theirs = await b.live.members.create({ email: `theirs-${uniq()}@example.com` });
    for (const foreign of [theirs.user.id, sandbox.user.id, randomUUID(), "not-a-uuid"]) {
      expect((await trpcError(a.live.members.deleteMany({ ids: [mine.user.id, foreign] }))).code).toBe("NOT_FOUND");
    }
    expect(await db.member.count({ where: { id: { in: [mine.user.id, sandbox.user.id, theirs.user.id] } } })).toBe(3);
    // B cannot delete A's member either, alone or with its own.
    expect((await trpcError(b.live.members.deleteMany({ ids: [theirs.user.id, mine.user.id] }))).code).toBe("NOT_FOUND");
    expect(await db.member.count({ where: { id: { in: [mine.user.id, theirs.user.id] } } })).toBe(2);
  });

  it("refuses more than 100 ids and an empty list", async () => {
    expect((await trpcError(a.live.members.deleteMany({ ids: Array.from({ length: 101 }, () => randomUUID()) }))).code).toBe("BAD_REQUEST");
    expect((await trpcError(a.live.members.deleteMany({ ids: [] }))).code).toBe("BAD_REQUEST");
  });
});

describe("members.signInLink", () => {
  it("issues a fresh single-use link to the partner's hosted app, like POST /v1/users", async () => {
    const { user } = await a.live.members.create({ email: `link-${uniq()}@example.com` });
    const one = await a.live.members.signInLink({ id: user.id });
    const two = await a.live.members.signInLink({ id: user.id });
    expect(one.url).not.toBe(two.url);
    expect(one.url).toMatch(new RegExp(`${a.partner.subdomain}.*/auth/magic\\?token=`));
    const consumed = await consumeMagicLink(tokenOf(one.url));
    expect(consumed).toMatchObject({ memberId: user.id, partnerId: a.partnerId, environment: "live" });
  });
});

describe("members.list", () => {
  const tag = uniq();
  let ids: Record<string, string>;
  beforeAll(async () => {
    const make = async (key: string, input: Record<string, unknown>) => [key, (await a.live.members.create({ email: `${key}-${tag}@example.com`, ...input })).user.id] as const;
    ids = Object.fromEntries(
      await Promise.all([
        make("plain", {}),
        make("prem", { tier: "premium", external_user_id: `crm-${tag}-77` }),
        make("small", { eligibility: { company_size: ["1-10"], customer_type: ["New customer"] } }),
        make("idp", { idp_uid: `IDP-${tag}-XYZ` }),
      ]),
    );
    // "signed in": prem uses a sign-in link
    const link = await a.live.members.signInLink({ id: ids.prem });
    await consumeMagicLink(tokenOf(link.url));
  });

  const emailsOf = (out: { data: { email: string }[] }) => out.data.map((m) => m.email.split("-")[0]).sort();

  it("searches email, external id and idp_uid, case-insensitively", async () => {
    expect(emailsOf(await a.live.members.list({ search: tag }))).toEqual(["idp", "plain", "prem", "small"]);
    expect(emailsOf(await a.live.members.list({ search: `SMALL-${tag}` }))).toEqual(["small"]);
    expect(emailsOf(await a.live.members.list({ search: `crm-${tag}` }))).toEqual(["prem"]);
    expect(emailsOf(await a.live.members.list({ search: `idp-${tag}-xyz` }))).toEqual(["idp"]);
  });

  it("filters by tier, customer type, company size, signed in", async () => {
    expect(emailsOf(await a.live.members.list({ search: tag, tier: "premium" }))).toEqual(["prem"]);
    expect(emailsOf(await a.live.members.list({ search: tag, customer_type: "Existing customer" }))).toEqual(["idp", "plain", "prem"]);
    expect(emailsOf(await a.live.members.list({ search: tag, company_size: "1-10" }))).toEqual(["idp", "plain", "prem", "small"]);
    expect(emailsOf(await a.live.members.list({ search: tag, company_size: "51-200" }))).toEqual(["idp", "plain", "prem"]);
    const signedIn = await a.live.members.list({ search: tag, signed_in: "yes" });
    expect(emailsOf(signedIn)).toEqual(["prem"]);
    expect(signedIn.data[0].last_signed_in_at).not.toBeNull();
    expect(emailsOf(await a.live.members.list({ search: tag, signed_in: "no" }))).toEqual(["idp", "plain", "small"]);
  });

  it("pages newest first with the cursor, without gaps or repeats", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 10; i++) {
      const page: Awaited<ReturnType<typeof a.live.members.list>> = await a.live.members.list({ search: tag, limit: 3, cursor });
      seen.push(...page.data.map((m) => m.id));
      cursor = page.next_cursor;
      if (!page.has_more) break;
    }
    expect(seen).toHaveLength(4);
    expect(new Set(seen)).toEqual(new Set(Object.values(ids)));
    expect((await trpcError(a.live.members.list({ cursor: "nope" }))).code).toBe("BAD_REQUEST");
  });

  it("a member stays signed in after more than MAX_LINKS_PER_MEMBER new links", async () => {
    await issueMagicLinks({ partnerId: a.partnerId, environment: "live" }, Array(MAX_LINKS_PER_MEMBER + 2).fill(ids.prem), hostedAppConfig());
    expect(emailsOf(await a.live.members.list({ search: tag, signed_in: "yes" }))).toEqual(["prem"]);
    expect(await db.magicLinkToken.count({ where: { memberId: ids.prem } })).toBe(MAX_LINKS_PER_MEMBER + 1);
  });

  it("the sandbox switch shows only sandbox members", async () => {
    const sandboxOnly = await a.sandbox.members.create({ email: `sbx-${tag}@example.com` });
    expect(emailsOf(await a.sandbox.members.list({ search: tag }))).toEqual(["sbx"]);
    expect((await a.live.members.list({ search: tag })).data.map((m) => m.id)).not.toContain(sandboxOnly.user.id);
    expect((await trpcError(a.live.members.get({ id: sandboxOnly.user.id }))).code).toBe("NOT_FOUND");
  });
});

describe("members.importBatch", () => {
  it("imports a chunk through the batch service: counts, per-row errors numbered in the file, one activity entry", async () => {
    const tag = uniq();
    const existing = await a.live.members.create({ email: `imp-0-${tag}@example.com` });
    const users: unknown[] = Array.from({ length: 20 }, (_, i) => ({ email: `imp-${i}-${tag}@example.com`, tier: i % 2 ? "premium" : "free" }));
    users[5] = { email: "broken" };
    users[7] = { email: `imp-7-${tag}@example.com`, tier: "gold" };
    const out = await a.live.members.importBatch({ users, offset: 1000 });
    expect(out.created).toBe(17);
    expect(out.already_existed).toBe(1);
    expect(out.errors.map((e) => [e.index, e.email, e.error.param])).toEqual([
      [1005, "broken", "users[5].email"],
      [1007, `imp-7-${tag}@example.com`, "users[7].tier"],
    ]);
    const entries = await db.activityLog.findMany({ where: { partnerId: a.partnerId, action: "members.imported", createdAt: { gte: new Date(existing.user.created_at) } } });
    expect(entries).toHaveLength(1);
    expect(entries[0].changes).toEqual({ after: { created: 17, submitted: 20 } });
    const listed = await api(server.url, tokenA, "GET", `/v1/users?email=imp-19-${tag}%40example.com`);
    expect(listed.body.data[0].tier).toBe("premium");
  });

  it("refuses more than 1,000 rows per call", async () => {
    const users = Array.from({ length: 1001 }, (_, i) => ({ email: `x${i}@example.com` }));
    expect((await trpcError(a.live.members.importBatch({ users }))).code).toBe("BAD_REQUEST");
  });
});

describe("tenant isolation", () => {
  it("partner B's admin gets NOT_FOUND for partner A's member ids and never sees them listed", async () => {
    const { user } = await a.live.members.create({ email: `secret-${uniq()}@example.com` });
    for (const call of [
      () => b.live.members.get({ id: user.id }),
      () => b.live.members.update({ id: user.id, patch: { tier: "premium" } }),
      () => b.live.members.delete({ id: user.id }),
      () => b.live.members.signInLink({ id: user.id }),
    ]) {
      expect((await trpcError(call())).code).toBe("NOT_FOUND");
    }
    expect((await b.live.members.list({ search: user.email })).data).toEqual([]);
    const still = await db.member.findUniqueOrThrow({ where: { id: user.id } });
    expect(still.tier).toBe("free");
    // Creating A's email in B makes B's own member, leaving A's alone.
    const mine = await b.live.members.create({ email: user.email });
    expect(mine.created).toBe(true);
    expect(mine.user.id).not.toBe(user.id);
  });
});
