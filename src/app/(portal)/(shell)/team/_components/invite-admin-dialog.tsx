"use client";
// Invite an admin: email and optional name (teamInviteInputSchema); the account is created at once
// and its set-password link is shown next.
import { zodResolver } from "@hookform/resolvers/zod";
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { teamInviteInputSchema } from "@/server/schemas/team.schema";
import { api } from "@/trpc/react";
import { TextField } from "@/components/portal/form-fields";
import { setServerErrors } from "@/components/portal/server-errors";
import { SetPasswordLinkDialog } from "./set-password-link-dialog";
import { plainErrorMap } from "@/lib/plain-messages";

type Values = { email: string; name: string };

export function InviteAdminDialog({ trigger }: { trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [invited, setInvited] = useState<{ email: string; url: string } | null>(null);
  const utils = api.useUtils();
  const invite = api.team.invite.useMutation();
  const form = useForm<Values>({ defaultValues: { email: "", name: "" }, resolver: zodResolver(teamInviteInputSchema, { error: plainErrorMap }) as never });

  async function onSubmit(values: Values) {
    try {
      const out = await invite.mutateAsync({ email: values.email, ...(values.name.trim() ? { name: values.name.trim() } : {}) });
      toast.success(`Invited ${out.admin.email}`);
      await utils.team.list.invalidate();
      setOpen(false);
      form.reset();
      setInvited({ email: out.admin.email, url: out.set_password_url });
    } catch (error) {
      setServerErrors(form, error, (param) => (param === "name" ? "name" : "email"), { focus: false, fallback: "email" });
    }
  }

  return (
    <>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>{trigger}</DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Invite an admin</DialogTitle>
            <DialogDescription>They get full access to this partner&apos;s portal. You will get a one-time link to send them, to choose their password.</DialogDescription>
          </DialogHeader>
          <Form {...form}>
            <form onSubmit={form.handleSubmit(onSubmit)} className="flex flex-col gap-4" aria-label="Invite an admin" noValidate>
              <TextField control={form.control} name="email" label="Email" type="email" />
              <TextField control={form.control} name="name" label="Name (optional)" />
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                  Cancel
                </Button>
                <Button type="submit" disabled={invite.isPending}>
                  {invite.isPending ? "Inviting…" : "Send invitation"}
                </Button>
              </DialogFooter>
            </form>
          </Form>
        </DialogContent>
      </Dialog>
      <SetPasswordLinkDialog email={invited?.email ?? ""} url={invited?.url ?? null} onClose={() => setInvited(null)} />
    </>
  );
}
