import { Badge } from "@/components/ui/badge";

const LABELS: Record<string, { label: string; variant: "default" | "secondary" | "destructive" | "outline" }> = {
  sent: { label: "Sent", variant: "default" },
  kept: { label: "Kept (no SMTP)", variant: "secondary" },
  pending: { label: "Pending", variant: "outline" },
  failed: { label: "Failed", variant: "destructive" },
};

/** An email's delivery status; a pending email that has failed before says it is retrying. */
export function EmailStatusBadge({ status, attempts }: { status: string; attempts: number }) {
  const s = LABELS[status] ?? { label: status, variant: "outline" as const };
  return <Badge variant={s.variant}>{status === "pending" && attempts > 0 ? "Retrying" : s.label}</Badge>;
}

export const KIND_LABELS: Record<string, string> = {
  member_sign_in: "Member sign-in link",
  admin_invitation: "Team invitation",
  password_reset: "Password reset",
  password_changed: "Password changed",
  notification: "Notification",
  digest: "Daily digest",
  access_decision: "Access decision",
};
