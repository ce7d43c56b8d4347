// What the portal says after it queued an email (issue 44): "sent" only when an SMTP server is
// configured; otherwise the email is kept on the super admin's Mailbox page and in the server log.

/** "Sign-in email sent to Ada" / "Sign-in email kept in the Mailbox (no email server is set up)". */
export function emailQueuedToast(smtpConfigured: boolean, what: { one: string; many: string }, count: number, to?: string): string {
  const subject = count === 1 ? `${what.one}${to ? ` to ${to}` : ""}` : `${count} ${what.many}`;
  return smtpConfigured ? `${subject} sent` : `${subject} kept in the Mailbox: no email server is set up, so nothing was sent`;
}

/** The sentence under a one-time link that was also emailed. */
export function linkAlsoEmailed(smtpConfigured: boolean, to: string): string {
  return smtpConfigured
    ? `We emailed this link to ${to}. You can also copy it and pass it on yourself.`
    : `No email server is set up, so the email to ${to} is kept in the Mailbox instead of being sent: copy this link and pass it on yourself.`;
}
