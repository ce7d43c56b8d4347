import { EmailLayout, Paragraph, type EmailBrand } from "./email-layout";

// A partner admin's answer to a member's inquiry, written in the portal inbox.
export type InquiryReplyData = { brand: EmailBrand; email: string; dealName: string; question: string; reply: string };

export function inquiryReplyEmail(d: InquiryReplyData) {
  return {
    subject: `Re: your question about ${d.dealName}`,
    element: (
      <EmailLayout
        brand={d.brand}
        preview={d.reply.slice(0, 120)}
        heading={`About ${d.dealName}`}
        footer={`You got this email because ${d.email} asked ${d.brand.name} about ${d.dealName}. Reply to this email to answer.`}
      >
        {d.reply.split(/\n{2,}/).map((p, i) => (
          <Paragraph key={i}>{p}</Paragraph>
        ))}
        <Paragraph>{`Your question: “${d.question.length > 600 ? `${d.question.slice(0, 599)}…` : d.question}”`}</Paragraph>
      </EmailLayout>
    ),
  };
}
