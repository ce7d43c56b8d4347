"use server";
// The member's "Digest emails" preference on the profile page (contract section 19). Kept apart from
// actions.ts so the hosted app's translation work and this feature touch different files. The partner
// comes from the proxy's trusted headers, the member from the session cookie, as in actions.ts.
import { headers } from "next/headers";
import { MEMBER_HEADERS } from "@/lib/hosted/member-surface";
import { setMemberDigestEmails } from "@perkway/server/services/digests";
import { loadMember, loadPartner } from "@/server/auth/member-context";

type DigestEmailsResult = { ok: true; on: boolean } | { ok: false; error: "signed_out" };

export async function saveDigestEmails(on: boolean): Promise<DigestEmailsResult> {
  const partner = await loadPartner((await headers()).get(MEMBER_HEADERS.subdomain) ?? "");
  const member = partner ? await loadMember(partner) : null;
  if (!member) return { ok: false, error: "signed_out" };
  return { ok: true, on: await setMemberDigestEmails(member, on === true) };
}
