// Sessions end on the server: a portal session (next-auth JWT) names an admin_sessions row that
// sign-out, a password change and endAdminSessions close, and a member session's jti is recorded on
// sign-out; a copy of either cookie is refused from then on. (The same over real HTTP with a copied
// cookie: e2e/security-sessions.spec.ts.)
import type { JWT } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { authOptions } from "@/server/auth/next-auth-options";
import { issueMemberSessionToken } from "@/server/crypto/member-session-token";
import { loadAdminPortalState } from "@/server/services/admins/admin-has-access";
import { endAdminSessions } from "@/server/services/admins/admin-sessions";
import { changePassword } from "@/server/services/admins/change-password";
import { verifyAdminCredentials } from "@/server/services/admins/verify-admin-credentials";
import { endMemberSession, resolveMemberSession } from "@/server/services/members/member-session";
import { createTestMember } from "../helpers/seed-members";
import { PASSWORD, seedPortalPartner } from "../portal/portal-fixtures";

/** What next-auth does on a successful sign-in: authorize, then the jwt callback. */
async function signIn(email: string): Promise<JWT> {
  const user = await verifyAdminCredentials(email, PASSWORD);
  if (!user) throw new Error("sign-in failed");
  const jwt = authOptions.callbacks!.jwt!;
  return jwt({ token: { email } as JWT, user: { ...user, id: user.id }, account: null, trigger: "signIn" } as Parameters<typeof jwt>[0]) as Promise<JWT>;
}
const stateOf = (p: Awaited<ReturnType<typeof seedPortalPartner>>, token: JWT) => loadAdminPortalState(p.admin.actor, token.sessionVersion ?? 0, token.sid);

describe("portal sessions", () => {
  it("a sign-in opens a session that sign-out ends on the server", async () => {
    const p = await seedPortalPartner();
    const token = await signIn(p.admin.email);
    expect(token.sid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await stateOf(p, token)).not.toBeNull();
    await authOptions.events!.signOut!({ token, session: null as never });
    expect(await stateOf(p, token)).toBeNull();
  });

  it("a password change ends every session; endAdminSessions can keep the current one", async () => {
    const p = await seedPortalPartner();
    const [one, two, three] = [await signIn(p.admin.email), await signIn(p.admin.email), await signIn(p.admin.email)];
    expect(await endAdminSessions(p.admin.adminId, { exceptCurrent: one.sid })).toBe(2);
    expect(await stateOf(p, one)).not.toBeNull();
    expect(await stateOf(p, two)).toBeNull();
    expect(await stateOf(p, three)).toBeNull();
    const four = await signIn(p.admin.email);
    await changePassword(p.admin.actor, { current_password: PASSWORD, new_password: "another long password" });
    // Even with the new session version, the old rows stay ended.
    expect(await loadAdminPortalState(p.admin.actor, (four.sessionVersion ?? 0) + 1, four.sid)).toBeNull();
    expect(await loadAdminPortalState(p.admin.actor, (one.sessionVersion ?? 0) + 1, one.sid)).toBeNull();
  });

  it("a session id that is not a row of this admin is refused", async () => {
    const [p, q] = [await seedPortalPartner(), await seedPortalPartner()];
    const other = await signIn(q.admin.email);
    expect(await loadAdminPortalState(p.admin.actor, 0, other.sid)).toBeNull();
    expect(await loadAdminPortalState(p.admin.actor, 0, "not-a-uuid")).toBeNull();
  });
});

describe("member sessions", () => {
  it("sign-out records the token's jti: the same cookie is refused afterwards, another session is not", async () => {
    const p = await seedPortalPartner();
    const scope = { partnerId: p.partnerId, environment: "live" as const };
    const member = await createTestMember(scope);
    const a = await issueMemberSessionToken({ memberId: member.id, partnerId: p.partnerId, environment: "live" });
    const b = await issueMemberSessionToken({ memberId: member.id, partnerId: p.partnerId, environment: "live" });
    expect(await resolveMemberSession(p.partnerId, a.token)).not.toBeNull();
    // Another partner's sign-out route cannot end it.
    const other = await seedPortalPartner();
    await endMemberSession(other.partnerId, a.token);
    expect(await resolveMemberSession(p.partnerId, a.token)).not.toBeNull();
    await endMemberSession(p.partnerId, a.token);
    expect(await resolveMemberSession(p.partnerId, a.token)).toBeNull();
    expect(await resolveMemberSession(p.partnerId, b.token)).not.toBeNull();
  });
});
