// Email: the outbox (queueEmail, written in the caller's transaction), the worker that sends it
// (SMTP_URL, or kept and logged without it), templates, member sign-in emails and admin notifications.
export { readMailConfig, parseSmtpUrl, redact as redactSmtpUrl, type MailConfig } from "@/server/config/mail-config";
export { createMailTransport, messageIdOf, type MailTransport, type OutgoingEmail } from "./mail-transport";
export { queueEmail, subjectFor, SANDBOX_PREFIX, EMAIL_KINDS, type EmailKind, type QueuedEmail } from "./queue-email";
export { renderEmail, preloadEmailTemplates, type RenderedEmail } from "@/emails";
export { startEmailWorker, type EmailWorker } from "./email-worker";
export { notifyAdmins, notificationItem, type NotificationData } from "./notify-admins";
export {
  getNotificationPreferences,
  setNotificationPreferences,
  unsubscribeWithToken,
  unsubscribeToken,
  type NotificationKind,
  type NotificationMode,
  type NotificationPreferences,
} from "./notification-preferences";
export { sendDueDigests } from "./send-digests";
export { appBaseUrl, brandOf, partnerSender } from "./partner-brand";
export { queueAdminInvitationEmail, queuePasswordResetEmail, queuePasswordChangedEmail } from "./admin-emails";
export { listMailbox, getMailboxEmail } from "./mailbox";
export { previewEmails, type EmailPreview } from "./email-previews";
