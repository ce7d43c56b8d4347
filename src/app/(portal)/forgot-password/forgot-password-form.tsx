"use client";
import { MailCheck } from "lucide-react";
import Link from "next/link";
import { useActionState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { forgotPasswordAction, type ForgotPasswordState } from "./actions";

export function ForgotPasswordForm({ defaultEmail = "" }: { defaultEmail?: string }) {
  const [state, action, pending] = useActionState<ForgotPasswordState, FormData>(forgotPasswordAction, { sent: false });
  if (state.sent) {
    return (
      <Alert role="status">
        <MailCheck aria-hidden="true" />
        <AlertTitle>Check your email</AlertTitle>
        <AlertDescription>
          <p>If this address has a Perkway account, a link to choose a new password is on its way. It works once, for one hour.</p>
          <Link href="/login" className="mt-2 inline-block font-medium text-primary hover:underline">
            Back to sign in
          </Link>
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <form action={action} className="grid gap-4">
      <p className="text-sm text-muted-foreground">Enter the email you sign in with. We will email you a link to choose a new password.</p>
      <div className="grid gap-2">
        <Label htmlFor="forgot-email">Email</Label>
        <Input id="forgot-email" name="email" type="email" autoComplete="username" defaultValue={defaultEmail} required autoFocus />
      </div>
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? "Sending…" : "Email me a reset link"}
      </Button>
      <Link href="/login" className="text-center text-sm font-medium text-primary hover:underline">
        Back to sign in
      </Link>
    </form>
  );
}
