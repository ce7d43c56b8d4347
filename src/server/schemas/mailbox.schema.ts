// The super admins' mailbox page (superAdmin.mailbox / superAdmin.mailboxEmail).
import { z } from "zod";

export const mailboxListInputSchema = z.object({
  status: z.enum(["pending", "sent", "failed", "kept"]).nullish(),
  q: z.string().max(200).nullish(),
  cursor: z.string().max(64).nullish(),
  limit: z.number().int().min(1).max(100).optional(),
});

export const mailboxEmailInputSchema = z.object({ id: z.string().max(64) });
