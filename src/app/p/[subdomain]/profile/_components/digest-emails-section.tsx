// The profile page's "Digest emails" card: the member's saved preference and the server action that
// changes it, handed to the client component (components may not import from src/app).
import { DigestEmailsPreference } from "@/components/hosted/digest-emails-preference";
import { getMessages } from "next-intl/server";
import type { HostedMember } from "@perkway/server/services/members";
import { saveDigestEmails } from "../../digest-actions";

export async function DigestEmailsSection({ member, partnerName }: { member: HostedMember; partnerName: string }) {
  return <DigestEmailsPreference initial={member.member.digestEmails} partnerName={partnerName} save={saveDigestEmails} words={(await getMessages()).digest} />;
}
