"use server";
// POST of /login when the form is submitted before its scripts ran (JavaScript off, or a slow
// machine): a server action, so the browser posts it and the password never lands in a URL
// (issue 44, item 17). It signs in as next-auth's credentials sign-in does (signInWithForm: the same
// checks, session and cookie) and answers like next-auth: the page asked for, or /login with our error code.
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { safeCallbackUrl } from "@/lib/safe-callback-url";
import { signInWithForm } from "@perkway/server/auth/sign-in-with-form";
import { portalOrigin } from "@perkway/server/config/hosted-app-config";

export async function signInAction(form: FormData): Promise<void> {
  const callbackUrl = safeCallbackUrl(String(form.get("callbackUrl") ?? "/"), portalOrigin());
  const result = await signInWithForm({
    email: String(form.get("email") ?? ""),
    password: String(form.get("password") ?? ""),
    callbackUrl,
    headers: Object.fromEntries(await headers()),
  });
  if (!result.ok) redirect(`/login?${new URLSearchParams({ error: result.error, callbackUrl })}`);
  const jar = await cookies();
  for (const { name, value, ...options } of result.cookies) jar.set(name, value, options);
  redirect(result.url);
}
