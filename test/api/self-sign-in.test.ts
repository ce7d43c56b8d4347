// Member self sign-in (member_access) and membership requests: who gets a link, the limits, the
// newcomer made on confirmation, approval of a membership request creating the member.
import { describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { MemoryRateLimitStore } from "@/server/http/rate-limit-store-memory";
import { decideAccessRequest } from "@/server/services/access-requests";
import { startMemberSession } from "@/server/services/members/member-session";
import { withLastSignIn } from "@/server/services/members";
import { requestSelfSignInLink, type SelfSignInDeps } from "@/server/services/members/request-sign-in-link";
import { seedPartner } from "../helpers/seed";
import { createTestMember } from "../helpers/seed-members";

function deps() {
  const sent: { email: string; url: string; memberId: string | null }[] = [];
  const d: SelfSignInDeps = {
    store: new MemoryRateLimitStore(),
    config: { appDomain: "localhost:3000", scheme: "http", pathFallback: true, ttlSeconds: 900 },
    deliver: async (_scope, email, link, memberId) => void sent.push({ email, url: link.url, memberId }),
  };
  return { d, sent };
}
const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

describe("requestSelfSignInLink", () => {
  it("sends a link to a live member only, at most 3 times per address per 15 minutes", async () => {
    const p = await seedPartner();
    const m = await createTestMember({ partnerId: p.partner.id, environment: "live" });
    const sandbox = await createTestMember({ partnerId: p.partner.id, environment: "test" });
    const { d, sent } = deps();
    expect(await requestSelfSignInLink(p.partner.id, m.email.toUpperCase(), "10.0.0.1", d)).toBe("link_sent");
    expect(await requestSelfSignInLink(p.partner.id, m.email, "10.0.0.2", d)).toBe("link_sent");
    expect(await requestSelfSignInLink(p.partner.id, m.email, "10.0.0.3", d)).toBe("link_sent");
    expect(await requestSelfSignInLink(p.partner.id, m.email, "10.0.0.4", d)).toBe("limited");
    expect(sent).toHaveLength(3);
    expect(sent.every((s) => s.memberId === m.id)).toBe(true);
    expect(await requestSelfSignInLink(p.partner.id, sandbox.email, "10.0.0.5", d)).toBe("nothing");
    expect(await requestSelfSignInLink(p.partner.id, "stranger@example.com", "10.0.0.5", d)).toBe("nothing");
    expect(sent).toHaveLength(3);
  });

  it("limits one IP to 20 requests per 15 minutes, whatever the addresses", async () => {
    const p = await seedPartner();
    const { d } = deps();
    const outcomes = [];
    for (let i = 0; i < 21; i++) outcomes.push(await requestSelfSignInLink(p.partner.id, `x${i}@example.com`, "10.9.9.9", d));
    expect(outcomes.slice(0, 20).every((o) => o === "nothing")).toBe(true);
    expect(outcomes[20]).toBe("limited");
  });

  it("email_domain: an allowed address gets a link and becomes a member (user.created) when it confirms", async () => {
    const p = await seedPartner();
    await db.partner.update({ where: { id: p.partner.id }, data: { memberAccess: "email_domain", allowedEmailDomains: ["uni.example"] } });
    const { d, sent } = deps();
    expect(await requestSelfSignInLink(p.partner.id, "other@elsewhere.example", null, d)).toBe("nothing");
    expect(await requestSelfSignInLink(p.partner.id, "New@Uni.Example", null, d)).toBe("newcomer_link_sent");
    expect(sent[0]).toMatchObject({ email: "new@uni.example", memberId: null });
    expect(await db.member.count({ where: { partnerId: p.partner.id } })).toBe(0);
    const session = await startMemberSession(p.partner.id, tokenOf(sent[0].url));
    const member = await db.member.findUniqueOrThrow({ where: { id: session.memberId } });
    expect(member).toMatchObject({ email: "new@uni.example", environment: "live", tier: "free" });
    // The portal's "Signed in" counts the newcomer's sign-in (their link has no member: it said "Never", issue 44).
    const [listed] = await withLastSignIn({ partnerId: p.partner.id, environment: "live" }, [member]);
    expect(listed.last_signed_in_at).not.toBeNull();
    await expect(startMemberSession(p.partner.id, tokenOf(sent[0].url))).rejects.toMatchObject({ code: "magic_link_used" });
  });

  it("request: an unknown address leaves one pending membership request; approving it creates the member", async () => {
    const p = await seedPartner();
    await db.partner.update({ where: { id: p.partner.id }, data: { memberAccess: "request" } });
    const { d, sent } = deps();
    expect(await requestSelfSignInLink(p.partner.id, "ada@example.com", null, d)).toBe("membership_requested");
    expect(await requestSelfSignInLink(p.partner.id, "ada@example.com", null, d)).toBe("membership_requested");
    expect(sent).toHaveLength(0);
    const requests = await db.accessRequest.findMany({ where: { partnerId: p.partner.id } });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ type: "membership", status: "pending", email: "ada@example.com", memberId: null, environment: "live" });
    const scope = { partnerId: p.partner.id, environment: "live" as const };
    const approved = await decideAccessRequest(scope, requests[0].id, "approved", { actor: { kind: "api" } });
    expect(approved.memberId).not.toBeNull();
    expect(await db.member.findUniqueOrThrow({ where: { id: approved.memberId! } })).toMatchObject({ email: "ada@example.com" });
    expect(await requestSelfSignInLink(p.partner.id, "ada@example.com", null, d)).toBe("link_sent");
  });

  it("with email links turned off (member_sign_in.email_link false) nothing is sent nor requested, whatever the address and mode", async () => {
    const p = await seedPartner();
    const m = await createTestMember({ partnerId: p.partner.id, environment: "live" });
    const { d, sent } = deps();
    for (const [memberAccess, allowedEmailDomains] of [["invite_only", []], ["email_domain", ["uni.example"]], ["request", []]] as const) {
      await db.partner.update({ where: { id: p.partner.id }, data: { memberAccess, allowedEmailDomains: [...allowedEmailDomains], memberSignIn: { email_link: false, oidc: null, handoff: true } } });
      for (const email of [m.email, "new@uni.example", "ada@example.com"]) expect(await requestSelfSignInLink(p.partner.id, email, null, d), `${memberAccess} ${email}`).toBe("nothing");
    }
    expect(sent).toHaveLength(0);
    expect(await db.accessRequest.count({ where: { partnerId: p.partner.id } })).toBe(0);
    // Turned on again (and a new 15-minute window): the member gets their link.
    await db.partner.update({ where: { id: p.partner.id }, data: { memberSignIn: { email_link: true, oidc: null, handoff: true } } });
    expect(await requestSelfSignInLink(p.partner.id, m.email, null, deps().d)).toBe("link_sent");
  });

  it("from the widget: the link goes back to the partner's page that embeds it, only on an allowed iframe origin (issue 44)", async () => {
    const p = await seedPartner();
    await db.partner.update({ where: { id: p.partner.id }, data: { allowedIframeOrigins: ["https://www.partner.example"], memberAccess: "email_domain", allowedEmailDomains: ["uni.example"] } });
    const m = await createTestMember({ partnerId: p.partner.id, environment: "live" });
    const { d, sent } = deps();
    const page = "https://www.partner.example/members/perks?tab=all#top";
    expect(await requestSelfSignInLink(p.partner.id, m.email, null, { ...d, returnTo: page })).toBe("link_sent");
    const back = new URL(sent[0].url);
    expect(`${back.origin}${back.pathname}`).toBe("https://www.partner.example/members/perks");
    expect(back.searchParams.get("tab")).toBe("all");
    expect(back.hash).toBe("#top");
    // The token works like any sign-in link (the snippet hands it to the frame's /auth/magic).
    const token = back.searchParams.get("perkway_token")!;
    expect((await startMemberSession(p.partner.id, token)).memberId).toBe(m.id);
    // A newcomer's link comes back to the page too.
    expect(await requestSelfSignInLink(p.partner.id, "new@uni.example", null, { ...d, returnTo: page })).toBe("newcomer_link_sent");
    expect(sent[1].url.startsWith("https://www.partner.example/members/perks?tab=all&perkway_token=")).toBe(true);

    // Anything else is refused (an open redirect otherwise): the ordinary link to the app goes out.
    const refused = [
      "https://evil.example/members",
      "https://www.partner.example.evil.example/",
      "http://www.partner.example/members", // another scheme is another origin
      "https://www.partner.example:8443/",
      "https://user:pass@www.partner.example/",
      "javascript:alert(1)//https://www.partner.example/",
      "//www.partner.example/",
      "not a url",
    ];
    for (const [i, returnTo] of refused.entries()) {
      const other = await createTestMember({ partnerId: p.partner.id, environment: "live" });
      expect(await requestSelfSignInLink(p.partner.id, other.email, null, { ...d, returnTo })).toBe("link_sent");
      expect(new URL(sent[2 + i].url).origin, returnTo).toBe("http://localhost:3000");
      expect(new URL(sent[2 + i].url).pathname).toBe(`/p/${p.partner.subdomain}/auth/magic`);
    }
  });
});

