// Every partner-facing service receives this scope first; it comes only from a verified token
// (or a portal session), never from request input, so tenant and environment cannot be forged.
export type Environment = "live" | "test";

export type PartnerScope = Readonly<{ partnerId: string; environment: Environment }>;

export type AdminActor = Readonly<{
  adminId: string;
  role: "super_admin" | "partner_admin";
  partnerId: string | null;
}>;
