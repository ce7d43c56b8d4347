"use client";
// Settings → Directory sync → a new directory token, named, for the environment the switch shows
// (directoryTokenCreateSchema, the input of directorySync.createToken). The whole token comes back
// once and goes to the caller's dialog (directory-token-dialog.tsx).
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { errorMessage } from "@/components/portal/error-state";
import { TextField } from "@/components/portal/form-fields";
import { schemaResolver } from "@/components/portal/schema-resolver";
import { setServerErrors } from "@/components/portal/server-errors";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { directoryTokenCreateSchema, type DirectoryTokenCreatedDto } from "@/server/schemas/directory-sync.schema";
import { api } from "@/trpc/react";
import { envWord } from "./directory-sync-words";

type Values = { name: string };

const toInput = (v: Values) => ({ name: v.name });
const fieldOf = (path: string) => (path === "name" ? "name" : null);

export function DirectoryTokenForm({ environment, onCreated }: { environment: "live" | "test"; onCreated: (created: DirectoryTokenCreatedDto) => void }) {
  const utils = api.useUtils();
  const create = api.directorySync.createToken.useMutation();
  const form = useForm<Values>({ defaultValues: { name: "" }, resolver: schemaResolver(directoryTokenCreateSchema, toInput, fieldOf) });
  const env = envWord(environment);

  async function onSubmit(values: Values) {
    try {
      const created = await create.mutateAsync(directoryTokenCreateSchema.parse(toInput(values)));
      form.reset({ name: "" });
      onCreated(created);
    } catch (error) {
      const rest = setServerErrors(form, error, fieldOf);
      if (rest.length || !(error as { data?: { param?: unknown } }).data?.param) toast.error(`The token was not created: ${errorMessage(error)}`);
    } finally {
      await utils.directorySync.overview.invalidate();
    }
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate aria-label="Create a directory token" className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <TextField
            control={form.control}
            name="name"
            label="Token name"
            placeholder="Entra ID production"
            description={`A new ${env} token writes ${env} members. Name it after the directory that will use it.`}
            inputProps={{ autoComplete: "off", maxLength: 100 }}
          />
        </div>
        <Button type="submit" className="self-start sm:mt-[22px]" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Creating…" : "Create token"}
        </Button>
      </form>
    </Form>
  );
}
