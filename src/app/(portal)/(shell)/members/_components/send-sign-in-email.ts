"use client";
// "Send sign-in email" for one member or the selected ones: a fresh single-use link is emailed to
// each, and a toast says how many went out (or were kept in the Mailbox without an email server).
import { toast } from "sonner";
import { usePortalSettings } from "@/components/portal/portal-settings";
import { emailQueuedToast } from "@/lib/email-words";
import { api } from "@/trpc/react";

export function useSendSignInEmails() {
  const send = api.members.sendSignInEmails.useMutation();
  const { smtpConfigured } = usePortalSettings();
  return {
    pending: send.isPending,
    async send(ids: string[], label?: string): Promise<boolean> {
      try {
        const { queued } = await send.mutateAsync({ ids });
        toast.success(emailQueuedToast(smtpConfigured, { one: "Sign-in email", many: "sign-in emails" }, queued, label));
        return true;
      } catch (error) {
        toast.error((error as Error).message);
        return false;
      }
    },
  };
}
