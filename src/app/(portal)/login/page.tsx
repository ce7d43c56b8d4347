// /login — portal sign-in (next-auth's custom sign-in page).
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getAdminSession } from "@/server/auth/get-admin-session";
import { LoginForm } from "./login-form";

export const metadata: Metadata = { title: "Sign in" };

/**
 * Only a path on this site: next-auth passes absolute URLs of its own origin, and anything else
 * (another origin, "//host") must not send a freshly signed-in admin away.
 */
function safeCallbackUrl(value: string | string[] | undefined): string {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return "/";
  try {
    const url = new URL(v, "http://localhost");
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path.startsWith("//") || path.startsWith("/login") ? "/" : path;
  } catch {
    return "/";
  }
}

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(params.callbackUrl);
  if (await getAdminSession()) redirect(callbackUrl);

  return (
    <main className="flex min-h-dvh items-center justify-center bg-background px-4 py-10">
      <div className="w-full max-w-sm rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <p className="text-lg font-semibold tracking-tight">
          Perkway <span className="text-sm font-normal text-muted-foreground">Partner portal</span>
        </p>
        <h1 className="mt-6 text-2xl font-semibold tracking-tight">Sign in</h1>
        <p className="mt-1 mb-6 text-sm text-muted-foreground">Use the email and password of your partner admin account.</p>
        {/* next-auth sends failed sign-ins that bypass the form (e.g. a direct POST) here with ?error=. */}
        <LoginForm callbackUrl={callbackUrl} failed={typeof params.error === "string" ? params.error.slice(0, 200) : params.error ? "CredentialsSignin" : null} />
      </div>
    </main>
  );
}
