// Issue 44, item 17: a form that carries a password never puts it in a URL. The login form is a
// server action, so the server's HTML (what a browser submits before the scripts ran, or with
// JavaScript off) is a POST with the fields in the body; the action signs in through next-auth's
// own credentials flow (signInWithForm), tried here against the database. The change-password
// form cannot be submitted before hydration. The browser journey with JavaScript disabled is
// e2e/portal-login-no-js.spec.ts.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, describe, expect, it, vi } from "vitest";
import { decode } from "next-auth/jwt";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: () => undefined, refresh: () => undefined }), redirect: () => undefined }));
// What Next's compiler makes of the "use server" import in a client component: a server reference
// (React renders such a form as a POST to the page with the action's id).
vi.mock("@/app/(portal)/login/actions", async () => {
  const { createServerReference } = (await import("next/dist/compiled/react-server-dom-webpack/client.node" as string)) as { createServerReference: (id: string, call: unknown) => unknown };
  return { signInAction: createServerReference("7f00ab", async () => undefined) };
});
vi.mock("@/trpc/react", () => ({
  api: {
    team: { changePassword: { useMutation: () => ({ isPending: false, mutateAsync: async () => undefined }) } },
    adminSso: { discover: { useQuery: () => ({ data: undefined }) } },
  },
}));

import { LoginForm } from "@/app/(portal)/login/login-form";
import { ChangePasswordCard } from "@/app/(portal)/(shell)/team/_components/change-password-card";
import { authOptions } from "@/server/auth/next-auth-options";
import { signInWithForm } from "@/server/auth/sign-in-with-form";
import { seedPartner } from "../helpers/seed";
import { PASSWORD, seedAdminOf } from "./portal-fixtures";

// Test files share their worker's modules (vitest.config.ts): the next file gets the real ones again.
afterAll(() => {
  for (const id of ["next/navigation", "@/app/(portal)/login/actions", "@/trpc/react"]) vi.doUnmock(id);
  vi.resetModules();
});

/** The opening tag of the form holding the password field, as attributes. */
function formOf(html: string): { attrs: Record<string, string>; body: string } {
  const match = /<form([^>]*)>([\s\S]*?)<\/form>/.exec(html);
  expect(match, "a form").not.toBeNull();
  const attrs = Object.fromEntries([...match![1].matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1].toLowerCase(), m[2]]));
  return { attrs, body: match![2] };
}

describe("the login form without JavaScript", () => {
  it("posts its fields in the body, to the login page itself", () => {
    const { attrs, body } = formOf(renderToStaticMarkup(createElement(LoginForm, { callbackUrl: "/members", failed: null })));
    expect(attrs.method?.toLowerCase()).toBe("post");
    expect(attrs.enctype).toBe("multipart/form-data");
    // An empty action is the page's own URL (/login): the password is in the body, never the query.
    expect(attrs.action).toBe("");
    expect(body).toMatch(/<input[^>]*name="\$ACTION_ID_7f00ab"/);
    expect(body).toMatch(/<input[^>]*type="password"[^>]*name="password"|<input[^>]*name="password"[^>]*type="password"/);
    expect(body).toMatch(/name="callbackUrl" value="\/members"/);
  });

  it("signs in through next-auth's credentials flow: a session cookie and the page asked for", async () => {
    const { partner } = await seedPartner();
    const admin = await seedAdminOf(partner.id);
    const headers = { host: "localhost:3000" };
    const ok = await signInWithForm({ email: admin.email, password: PASSWORD, callbackUrl: "/members", cookies: {}, headers });
    expect(ok).toMatchObject({ ok: true, url: "/members" });
    const cookies = (ok as Extract<typeof ok, { ok: true }>).cookies;
    const session = cookies.find((c) => c.name.endsWith("next-auth.session-token"));
    expect(session?.httpOnly).toBe(true);
    const claims = await decode({ token: session!.value, secret: authOptions.secret! });
    expect(claims?.adminId).toBe(admin.adminId);
    expect(JSON.stringify(cookies)).not.toContain(PASSWORD);

    const wrong = await signInWithForm({ email: admin.email, password: "not the password", callbackUrl: "/members", cookies: {}, headers });
    expect(wrong).toEqual({ ok: false, error: "CredentialsSignin" });
  });
});

describe("the change-password form", () => {
  it("cannot be submitted before React runs it, and would post", () => {
    const { attrs, body } = formOf(renderToStaticMarkup(createElement(ChangePasswordCard, { email: "a@example.com" })));
    expect(attrs.method).toBe("post");
    expect(body).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
  });
});
