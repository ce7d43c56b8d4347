// /forgot-password — an admin asks for a link to choose a new password (linked from /login, which
// passes the email typed there as ?email= so that it is not typed twice).
import type { Metadata } from "next";
import { ForgotPasswordForm } from "./forgot-password-form";

export const metadata: Metadata = { title: "Reset your password" };

export default async function ForgotPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const email = (await searchParams).email;
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background px-4 py-10">
      <div className="w-full max-w-sm rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <p className="text-lg font-semibold tracking-tight">
          Perkway <span className="text-sm font-normal text-muted-foreground">Partner portal</span>
        </p>
        <h1 className="mt-6 mb-4 text-2xl font-semibold tracking-tight">Reset your password</h1>
        <ForgotPasswordForm defaultEmail={typeof email === "string" ? email.slice(0, 254) : ""} />
      </div>
    </main>
  );
}
