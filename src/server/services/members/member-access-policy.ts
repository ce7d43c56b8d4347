// Who may let themselves in to a partner's hosted app and widget (member_access), decided from the
// partner's settings alone. Self sign-in and membership requests exist in the live environment only.
type MemberAccessMode = "invite_only" | "email_domain" | "request";

type MemberAccessSettings = { memberAccess: MemberAccessMode; allowedEmailDomains: readonly string[] };

function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).toLowerCase();
}

/** A non-member address that becomes a member when it confirms its first link. */
export function mayJoinByDomain(settings: MemberAccessSettings, email: string): boolean {
  return settings.memberAccess === "email_domain" && settings.allowedEmailDomains.includes(emailDomain(email));
}
