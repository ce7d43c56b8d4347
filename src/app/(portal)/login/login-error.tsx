"use client";
// What went wrong with a sign-in, above the form (the same alert on every step of /login).
import { AlertCircle } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";

export function LoginError({ message }: { message: string | null }) {
  return message ? (
    <Alert variant="destructive">
      <AlertCircle aria-hidden="true" />
      <AlertDescription data-testid="login-error">{message}</AlertDescription>
    </Alert>
  ) : null;
}
