"use client";
// Change your own password: current + new twice (changePasswordInputSchema). The server bumps the
// session version, which signs out every other session; this browser then signs in again with the
// new password so it stays signed in.
import { zodResolver } from "@hookform/resolvers/zod";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { changePasswordInputSchema, MIN_PASSWORD_LENGTH } from "@/server/schemas/team.schema";
import { api } from "@/trpc/react";
import { TextField } from "@/components/portal/form-fields";
import { setServerErrors } from "@/components/portal/server-errors";
import { useHydrated } from "@/components/portal/use-hydrated";
import { plainErrorMap } from "@/server/domain/plain-messages";

type Values = { current_password: string; new_password: string; confirm_password: string };
const EMPTY: Values = { current_password: "", new_password: "", confirm_password: "" };

export function ChangePasswordCard({ email }: { email: string }) {
  const router = useRouter();
  const change = api.team.changePassword.useMutation();
  const hydrated = useHydrated(); // no submit before React can post it (issue 44)
  const form = useForm<Values>({ defaultValues: EMPTY, resolver: zodResolver(changePasswordInputSchema, { error: plainErrorMap }) as never });

  async function onSubmit(values: Values) {
    try {
      await change.mutateAsync(values);
    } catch (error) {
      setServerErrors(form, error, (param) => param as keyof Values, { fallback: "current_password" });
      return;
    }
    // Our session now carries an outdated version: take a fresh one with the new password.
    const again = await signIn("credentials", { email, password: values.new_password, redirect: false });
    form.reset(EMPTY);
    if (again?.ok && !again.error) toast.success("Password changed. Your other sessions are signed out.");
    else router.push("/login");
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change your password</CardTitle>
        <CardDescription>For {email}. Every other browser where you are signed in is signed out; this one stays signed in.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form method="post" onSubmit={form.handleSubmit(onSubmit)} className="flex max-w-md flex-col gap-4" aria-label="Change your password" noValidate>
            <TextField control={form.control} name="current_password" label="Current password" type="password" />
            <TextField control={form.control} name="new_password" label="New password" type="password" description={`At least ${MIN_PASSWORD_LENGTH} characters.`} />
            <TextField control={form.control} name="confirm_password" label="New password again" type="password" />
            <div>
              <Button type="submit" disabled={!hydrated || change.isPending || form.formState.isSubmitting}>
                {form.formState.isSubmitting ? "Changing…" : "Change password"}
              </Button>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
