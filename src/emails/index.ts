// The email view layer: React Email templates (HTML and plain text from one component), like pages
// for the browser. The email service (src/server/services/email) fills them with data and queues
// the rendered result; nothing here reads the database. Only types and the lazy renderer are
// exported: the templates and React Email load on the first render (render-email.ts).
export { renderEmail, preloadEmailTemplates, TEMPLATE_NAMES, type RenderedEmail, type TemplateData, type TemplateName } from "./render-email";
export { PERKWAY_BRAND, type EmailBrand } from "./brand";
export type { MemberSignInData } from "./templates/member-sign-in";
export type { AdminInvitationData } from "./templates/admin-invitation";
export type { PasswordResetData } from "./templates/password-reset";
export type { PasswordChangedData } from "./templates/password-changed";
export type { AdminNotificationData, NotificationItem } from "./templates/admin-notification";
export type { AdminDigestData } from "./templates/admin-digest";
export type { AccessDecisionData } from "./templates/access-decision";
export type { InquiryReplyData } from "./templates/inquiry-reply";
export type { MemberDealDigestData, DigestDealItem } from "./templates/member-deal-digest";
export type { DealEndingSoonData } from "./templates/deal-ending-soon";
export type { ProviderNoticeData } from "./templates/provider-notice";
