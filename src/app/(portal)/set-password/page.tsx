// /set-password?token= — an invited admin chooses a password. Opening the link changes nothing; the
// form's POST consumes it. Used, expired or unknown links get a page that says what to do.
import type { Metadata } from "next";
import Link from "next/link";
import { inspectPasswordToken, MIN_PASSWORD_LENGTH } from "@perkway/server/services/admins";
import { SetPasswordForm } from "./set-password-form";

export const metadata: Metadata = { title: "Set your password" };
export const dynamic = "force-dynamic";

const PROBLEMS = {
  used: { title: "This link was already used", text: "A set-password link works once. If you chose your password, sign in with it; otherwise ask an admin of your organization for a new link." },
  expired: { title: "This link has expired", text: "Set-password links are valid for 7 days. Ask an admin of your organization (Team page) for a new link." },
  unknown: { title: "This link is not valid", text: "Check that you copied the whole link. If it still does not work, ask an admin of your organization for a new one." },
} as const;

// A provider user's link: the Perkway team invited them, not an admin of their organization.
const PROVIDER_PROBLEMS = {
  used: { title: PROBLEMS.used.title, text: "A set-password link works once. If you chose your password, sign in with it; otherwise ask the Perkway team for a new link." },
  expired: { title: PROBLEMS.expired.title, text: "Set-password links are valid for 7 days. Ask the Perkway team for a new link." },
} as const;

export default async function SetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).token;
  const token = Array.isArray(raw) ? raw[0] : raw;
  const link = await inspectPasswordToken(token);
  const provider = link.state !== "unknown" && link.provider;
  const problem = link.state === "valid" ? null : link.state !== "unknown" && link.provider ? PROVIDER_PROBLEMS[link.state] : PROBLEMS[link.state];
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background px-4 py-10">
      <div className="w-full max-w-sm rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <p className="text-lg font-semibold tracking-tight">
          Perkway <span className="text-sm font-normal text-muted-foreground">{provider ? "Provider area" : "Partner portal"}</span>
        </p>
        {link.state === "valid" ? (
          <>
            <h1 className="mt-6 text-2xl font-semibold tracking-tight">Set your password</h1>
            <p className="mt-1 mb-4 text-sm text-muted-foreground">
              {provider
                ? "Your provider account: your deals on Perkway, their codes, conversion tracking and results."
                : "Your account in your organization's Perkway partner portal."}
            </p>
            <SetPasswordForm token={token!} email={link.email} minLength={MIN_PASSWORD_LENGTH} />
          </>
        ) : (
          <>
            <h1 className="mt-6 text-2xl font-semibold tracking-tight">{problem!.title}</h1>
            <p className="mt-2 text-sm text-muted-foreground">{problem!.text}</p>
            <Link href={provider ? "/login?callbackUrl=%2Fprovider" : "/login"} className="mt-6 inline-block text-sm font-medium text-primary hover:underline">
              Go to sign in
            </Link>
          </>
        )}
      </div>
    </main>
  );
}
