"use client";
// Invite an admin: email, optional name and role (teamInviteInputSchema); the account is created at once
// and its set-password link is shown next.
import { zodResolver } from "@hookform/resolvers/zod";
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { teamInviteInputSchema } from "@/server/schemas/team.schema";
import { api } from "@/trpc/react";
import { FormDialogFooter } from "@/components/portal/form-dialog-footer";
import { SelectField, TextField } from "@/components/portal/form-fields";
import { TEAM_ROLE_DESCRIPTIONS, TEAM_ROLE_LABELS, TEAM_ROLES, type TeamRole } from "@/server/domain/team-roles";
import { setServerErrors } from "@/components/portal/server-errors";
import { SetPasswordLinkDialog } from "./set-password-link-dialog";
import { plainErrorMap } from "@/server/domain/plain-messages";

type Values = { email: string; name: string; role: TeamRole };

const ROLE_OPTIONS = TEAM_ROLES.map((r) => ({ value: r, label: `${TEAM_ROLE_LABELS[r]}: ${TEAM_ROLE_DESCRIPTIONS[r]}` }));

export function InviteAdminDialog({ trigger }: { trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [invited, setInvited] = useState<{ email: string; url: string } | null>(null);
  const utils = api.useUtils();
  const invite = api.team.invite.useMutation();
  const form = useForm<Values>({ defaultValues: { email: "", name: "", role: "admin" }, resolver: zodResolver(teamInviteInputSchema, { error: plainErrorMap }) as never });

  async function onSubmit(values: Values) {
    try {
      const out = await invite.mutateAsync({ email: values.email, role: values.role, ...(values.name.trim() ? { name: values.name.trim() } : {}) });
      toast.success(`Invited ${out.admin.email}`);
      await utils.team.list.invalidate();
      setOpen(false);
      form.reset();
      setInvited({ email: out.admin.email, url: out.set_password_url });
    } catch (error) {
      setServerErrors(form, error, (param) => (param === "name" ? "name" : param === "role" ? "role" : "email"), { focus: false, fallback: "email" });
    }
  }

  return (
    <>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>{trigger}</DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Invite an admin</DialogTitle>
            <DialogDescription>They get the access of the role you choose. You will get a one-time link to send them, to choose their password.</DialogDescription>
          </DialogHeader>
          <Form {...form}>
            <form onSubmit={form.handleSubmit(onSubmit)} className="flex flex-col gap-4" aria-label="Invite an admin" noValidate>
              <TextField control={form.control} name="email" label="Email" type="email" />
              <TextField control={form.control} name="name" label="Name (optional)" />
              <SelectField control={form.control} name="role" label="Role" options={ROLE_OPTIONS} />
              <FormDialogFooter pending={invite.isPending} pendingLabel="Inviting…" submitLabel="Send invitation" />
            </form>
          </Form>
        </DialogContent>
      </Dialog>
      <SetPasswordLinkDialog email={invited?.email ?? ""} url={invited?.url ?? null} onClose={() => setInvited(null)} />
    </>
  );
}
