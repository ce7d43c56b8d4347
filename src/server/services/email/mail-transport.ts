// The one way an email leaves the machine: nodemailer over SMTP_URL. Without SMTP_URL there is no
// transport and the worker keeps emails (mailbox page) and logs them instead.
import nodemailer from "nodemailer";
import type { MailConfig } from "@/server/config/mail-config";

export type OutgoingEmail = {
  messageId: string;
  to: string;
  fromName: string;
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
};

export type MailTransport = { send(email: OutgoingEmail): Promise<void>; verify(): Promise<void>; close(): void };

export function createMailTransport(config: MailConfig): MailTransport | null {
  if (!config.smtpUrl) return null;
  const transporter = nodemailer.createTransport(config.smtpUrl, {
    connectionTimeout: config.timeoutMs,
    greetingTimeout: config.timeoutMs,
    socketTimeout: config.timeoutMs,
  });
  return {
    async send(email) {
      await transporter.sendMail({
        messageId: email.messageId,
        from: { name: email.fromName, address: config.fromAddress },
        to: email.to,
        replyTo: email.replyTo ?? undefined,
        subject: email.subject,
        html: email.html,
        text: email.text,
        headers: email.headers,
      });
    },
    async verify() {
      await transporter.verify();
    },
    close() {
      transporter.close();
    },
  };
}

/** `<{id}@{domain of MAIL_FROM}>`: the same for every attempt, so receivers can drop repeats. */
export function messageIdOf(id: string, config: Pick<MailConfig, "fromAddress">): string {
  return `<${id}@${config.fromAddress.split("@")[1] ?? "perkway.localhost"}>`;
}
