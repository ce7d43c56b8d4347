"use client";
// One field for a code from the authenticator app (or a recovery code): twoFactorCodeInputSchema.
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { TextField } from "@/components/portal/form-fields";
import { setServerErrors } from "@/components/portal/server-errors";
import { plainErrorMap } from "@/server/domain/plain-messages";
import { twoFactorCodeInputSchema } from "@/server/schemas/account.schema";

type Values = { code: string };

export function CodeForm({ label, submitLabel, pendingLabel, onCode, description }: { label: string; submitLabel: string; pendingLabel: string; description?: string; onCode: (code: string) => Promise<void> }) {
  const form = useForm<Values>({ defaultValues: { code: "" }, resolver: zodResolver(twoFactorCodeInputSchema, { error: plainErrorMap }) as never });
  async function onSubmit(values: Values) {
    try {
      await onCode(values.code);
      form.reset({ code: "" });
    } catch (error) {
      setServerErrors(form, error, () => "code", { fallback: "code" });
    }
  }
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} className="flex max-w-sm flex-col gap-3" aria-label={label} noValidate>
        <TextField control={form.control} name="code" label={label} description={description} inputProps={{ autoComplete: "one-time-code", inputMode: "text", spellCheck: false }} />
        <div>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? pendingLabel : submitLabel}
          </Button>
        </div>
      </form>
    </Form>
  );
}
