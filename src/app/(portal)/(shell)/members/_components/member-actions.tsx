"use client";
// What an admin can do to members from the Members page: add or import some, and each member's four actions
// (sign-in email, sign-in link, edit, delete), each with its own dialog.
import { Mail, Pencil, Plus, Trash2, Upload } from "lucide-react";
import Link from "next/link";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/portal/confirm-dialog";
import { Button } from "@/components/ui/button";
import type { PortalMember } from "@/server/schemas/member-portal.schema";
import { api } from "@/trpc/react";
import { MemberFormDialog } from "./member-form-dialog";
import { useSendSignInEmails } from "./send-sign-in-email";
import { SignInLinkButton } from "./sign-in-link-button";

export function AddMemberButton({ environment }: { environment: "live" | "test" }) {
  return (
    <MemberFormDialog
      environment={environment}
      trigger={
        <Button>
          <Plus aria-hidden="true" /> Add member
        </Button>
      }
    />
  );
}

export function ImportCsvLink() {
  return (
    <Button variant="outline" asChild>
      <Link href="/members/import">
        <Upload aria-hidden="true" /> Import CSV
      </Link>
    </Button>
  );
}

/** A member's four actions; `labels`: text beside every icon (a card), else icons with labels on wide screens only. */
export function MemberActions({ member: m, environment, className, labels = false }: { member: PortalMember; environment: "live" | "test"; className: string; labels?: boolean }) {
  const wide = labels ? undefined : "hidden 2xl:inline";
  return (
    <div className={className}>
      <SendSignInEmailButton member={m} showLabel={labels} />
      <SignInLinkButton member={m} showLabel={labels} />
      <MemberFormDialog
        member={m}
        environment={environment}
        trigger={
          <Button variant="ghost" size="sm" aria-label={`Edit ${m.email}`}>
            <Pencil aria-hidden="true" /> <span className={wide}>Edit</span>
          </Button>
        }
      />
      <DeleteMemberButton member={m} labelClass={wide} />
    </div>
  );
}

function SendSignInEmailButton({ member, showLabel }: { member: PortalMember; showLabel: boolean }) {
  const one = useSendSignInEmails();
  return (
    <Button variant="ghost" size="sm" disabled={one.pending} onClick={() => void one.send([member.id], member.email)} aria-label={`Send sign-in email to ${member.email}`} title="Send sign-in email">
      {/* Icon only beside the table's columns (four actions do not fit at 1280 px with labels). */}
      <Mail aria-hidden="true" /> {showLabel ? <span>Email link</span> : null}
    </Button>
  );
}

function DeleteMemberButton({ member, labelClass }: { member: PortalMember; labelClass?: string }) {
  const utils = api.useUtils();
  const remove = api.members.delete.useMutation();
  return (
    <ConfirmDialog
      destructive
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Delete ${member.email}`}>
          <Trash2 aria-hidden="true" /> <span className={labelClass}>Delete</span>
        </Button>
      }
      title={`Delete ${member.email}?`}
      description="This erases the member and their personal data, and their sign-in links stop working. Their events stay counted anonymously in your analytics. This cannot be undone."
      confirmLabel="Delete member"
      onConfirm={async () => {
        try {
          await remove.mutateAsync({ id: member.id });
          toast.success(`Deleted ${member.email}`);
          await utils.members.list.invalidate();
        } catch (error) {
          toast.error((error as Error).message);
        }
      }}
    />
  );
}
