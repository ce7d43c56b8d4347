"use client";
// "Send sign-in email" for one member or the selected ones: a fresh single-use link is emailed to
// each, and a toast says how many went out.
import { toast } from "sonner";
import { api } from "@/trpc/react";

export function useSendSignInEmails() {
  const send = api.members.sendSignInEmails.useMutation();
  return {
    pending: send.isPending,
    async send(ids: string[], label?: string): Promise<boolean> {
      try {
        const { queued } = await send.mutateAsync({ ids });
        toast.success(queued === 1 ? `Sign-in email sent${label ? ` to ${label}` : ""}` : `Sign-in emails sent to ${queued} members`);
        return true;
      } catch (error) {
        toast.error((error as Error).message);
        return false;
      }
    },
  };
}
