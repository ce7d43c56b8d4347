// Issue 44, item 17: a form that carries a password never puts it in a URL. The login form is a
// server action that signs in as next-auth's credentials flow does (signInWithForm): tried here
// against the database, with no part replaced. The forms themselves (the login form posting its
// fields in the body to /login before the scripts ran, the change-password form that cannot be
// submitted until React runs it) are tested through the real sign-in, in a browser with JavaScript
// disabled: e2e/portal-login-no-js.spec.ts.
import { describe, expect, it } from "vitest";
import { decode } from "next-auth/jwt";
import { authOptions } from "@/server/auth/next-auth-options";
import { signInWithForm } from "@/server/auth/sign-in-with-form";
import { seedPartner } from "../helpers/seed";
import { PASSWORD, seedAdminOf } from "./portal-fixtures";

describe("the login form's server action", () => {
  it("signs in as next-auth's credentials flow does: a session cookie and the page asked for", async () => {
    const { partner } = await seedPartner();
    const admin = await seedAdminOf(partner.id);
    const headers = { host: "localhost:3000" };
    const ok = await signInWithForm({ email: admin.email, password: PASSWORD, callbackUrl: "/members", headers });
    expect(ok).toMatchObject({ ok: true, url: "/members" });
    const cookies = (ok as Extract<typeof ok, { ok: true }>).cookies;
    const session = cookies.find((c) => c.name.endsWith("next-auth.session-token"));
    expect(session?.httpOnly).toBe(true);
    const claims = await decode({ token: session!.value, secret: authOptions.secret! });
    expect(claims?.adminId).toBe(admin.adminId);
    expect(JSON.stringify(cookies)).not.toContain(PASSWORD);

    const wrong = await signInWithForm({ email: admin.email, password: "not the password", callbackUrl: "/members", headers });
    expect(wrong).toEqual({ ok: false, error: "CredentialsSignin" });
  });
});
