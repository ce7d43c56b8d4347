"use client";
// How the Members page names a member: the email (linking to the member's page) and their ids.
import Link from "next/link";
import type { PortalMember } from "@/server/schemas/member-portal.schema";

/** Email with a break opportunity before the @ only: it never wraps inside a word. */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

export function MemberIdentity({ member: m }: { member: PortalMember }) {
  return (
    <>
      <Link href={`/members/${m.id}`} className="font-medium break-words underline-offset-2 hover:underline">
        <EmailText email={m.email} />
      </Link>
      {m.external_user_id || m.idp_uid ? (
        <div className="text-xs break-all text-muted-foreground">{[m.external_user_id && `External ID ${m.external_user_id}`, m.idp_uid && `IdP ${m.idp_uid}`].filter(Boolean).join(" · ")}</div>
      ) : null}
    </>
  );
}
