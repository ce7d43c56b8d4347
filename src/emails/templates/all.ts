// Every template by name: the one module the lazy renderer (render-email.ts) loads on first use.
import { adminDigestEmail } from "./admin-digest";
import { adminInvitationEmail } from "./admin-invitation";
import { adminNotificationEmail } from "./admin-notification";
import { memberSignInEmail } from "./member-sign-in";
import { passwordChangedEmail } from "./password-changed";
import { passwordResetEmail } from "./password-reset";
import { accessDecisionEmail } from "./access-decision";
import { inquiryReplyEmail } from "./inquiry-reply";
import { memberDealDigestEmail } from "./member-deal-digest";
import { dealEndingSoonEmail } from "./deal-ending-soon";
import { providerNoticeEmail } from "./provider-notice";

export const TEMPLATES = {
  memberSignIn: memberSignInEmail,
  adminInvitation: adminInvitationEmail,
  passwordReset: passwordResetEmail,
  passwordChanged: passwordChangedEmail,
  adminNotification: adminNotificationEmail,
  adminDigest: adminDigestEmail,
  accessDecision: accessDecisionEmail,
  inquiryReply: inquiryReplyEmail,
  memberDealDigest: memberDealDigestEmail,
  dealEndingSoon: dealEndingSoonEmail,
  providerNotice: providerNoticeEmail,
};
