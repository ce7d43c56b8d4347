"use client";
// Create or edit a member: every writable field of /v1/users (incl. eligibility), validated with the
// same zod schema as POST /v1/users (create) or PATCH /v1/users/{id} (edit). Server refusals
// (email taken, external id taken) land next to their fields.
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { AUDIENCE_REGIONS, ELIGIBILITY_VOCABULARIES, USER_TIERS, USER_TYPES } from "@/server/domain/enums";
import type { PortalMember } from "@/server/schemas/member-portal.schema";
import { userCreateSchema, userUpdateSchema } from "@/server/schemas/user.schema";
import { api } from "@/trpc/react";
import { FormDialogFooter } from "@/components/portal/form-dialog-footer";
import { CheckboxGroupField, SelectField, TextField } from "@/components/portal/form-fields";
import { schemaResolver } from "@/components/portal/schema-resolver";
import { fieldErrorsOf, setServerErrors } from "@/components/portal/server-errors";
import { DIMENSION_LABELS, VOCAB_DIMENSIONS, fieldOfPath, inputOfValues, newMemberValues, valuesOfMember, type MemberValues } from "./member-values";

const options = (xs: readonly string[]) => xs.map((v) => ({ value: v, label: v }));

export function MemberFormDialog({ member, trigger, environment }: { member?: PortalMember; trigger: ReactNode; environment: "live" | "test" }) {
  const [open, setOpen] = useState(false);
  const mode = member ? "edit" : "create";
  const utils = api.useUtils();
  const form = useForm<MemberValues>({
    defaultValues: member ? valuesOfMember(member) : newMemberValues(),
    resolver: schemaResolver<MemberValues>(mode === "create" ? userCreateSchema : userUpdateSchema, inputOfValues, fieldOfPath),
  });
  const [problem, setProblem] = useState<string | null>(null);
  // Fresh values each time it opens (never while open: a refetch of the list must not wipe typing).
  function onOpenChange(next: boolean) {
    if (next) {
      form.reset(member ? valuesOfMember(member) : newMemberValues());
      setProblem(null);
    }
    setOpen(next);
  }

  const create = api.members.create.useMutation();
  const update = api.members.update.useMutation();
  const pending = create.isPending || update.isPending;

  function applyServerErrors(error: unknown) {
    const rest = setServerErrors(form, error, (param) => fieldOfPath(param));
    setProblem(rest.length ? rest.map((p) => p.message).join(" ") : fieldErrorsOf(error).length ? null : (error as Error).message);
  }

  async function onSubmit(values: MemberValues) {
    setProblem(null);
    try {
      if (member) {
        // The resolver has validated these values with the same schema: parse only types them.
        const patch = userUpdateSchema.parse(inputOfValues(values));
        await update.mutateAsync({ id: member.id, patch });
        toast.success(`Saved ${patch.email}`);
      } else {
        const out = await create.mutateAsync(userCreateSchema.parse(inputOfValues(values)));
        if (out.created) toast.success(`Created ${out.user.email}`);
        else toast.info(`${out.user.email} is already a member: nothing was changed`);
      }
      await utils.members.list.invalidate();
      setOpen(false);
    } catch (error) {
      applyServerErrors(error);
    }
  }

  const env = environment === "test" ? "sandbox" : "live";
  const c = form.control;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{member ? `Edit ${member.email}` : `Add a ${env} member`}</DialogTitle>
          <DialogDescription>
            {member
              ? "Changes apply at once; the eligibility lists replace the member's current ones."
              : `Adds a ${env} member; an email you already have returns that member unchanged.`}
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit)} className="flex flex-col gap-5" aria-label={member ? "Edit member" : "New member"} noValidate>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField control={c} name="email" label="Email" type="email" />
              <SelectField control={c} name="tier" label="Tier" options={options(USER_TIERS)} />
              <TextField control={c} name="external_user_id" label="External user ID" description="Your own id for this member (optional, unique)." />
              <TextField control={c} name="idp_uid" label="Identity provider UID" description="Optional." />
            </div>
            <CheckboxGroupField control={c} name="user_types" label="User types" options={options(USER_TYPES)} />
            <CheckboxGroupField control={c} name="regions" label="Regions" options={options(AUDIENCE_REGIONS)} />
            <fieldset className="flex flex-col gap-4 rounded-lg border p-4">
              <legend className="px-1 text-sm font-semibold">Eligibility</legend>
              <p className="text-sm text-muted-foreground">Which gated deals this member can see and redeem. New members get every customer type, company size and incorporation.</p>
              {VOCAB_DIMENSIONS.map((d) => (
                <CheckboxGroupField key={d} control={c} name={`eligibility.${d}`} label={DIMENSION_LABELS[d]} options={options(ELIGIBILITY_VOCABULARIES[d])} />
              ))}
              <TextField control={c} name="eligibility.geography" label={DIMENSION_LABELS.geography} placeholder="DE, FR, US" description="ISO 3166-1 alpha-2 codes, separated by commas." />
            </fieldset>
            <FormDialogFooter problem={problem} pending={pending} submitLabel={member ? "Save member" : "Create member"} />
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
