import { AppError } from "@/server/errors/app-error";

export const userNotFound = () => new AppError("user_not_found", "No user with this identifier exists in this environment");

export const emailTaken = (param = "email") =>
  new AppError("email_taken", "Another user of this partner and environment already has this email", { param });

export const externalUserIdTaken = (param = "external_user_id") =>
  new AppError("external_user_id_taken", "Another user of this partner and environment already has this external_user_id", { param });

export const userNameTaken = () => new AppError("email_taken", "Another user of this partner and environment already has this userName", { param: "userName" });

/** Which members unique constraint a Prisma P2002 names (the pg adapter reports the index name). */
export function uniqueViolationOf(err: unknown): "email" | "external_user_id" | "directory_user_name" | null {
  const e = err as { code?: string; meta?: unknown };
  if (e?.code !== "P2002") return null;
  const detail = JSON.stringify(e.meta ?? {});
  if (detail.includes("external_user_id")) return "external_user_id";
  if (detail.includes("directory_user_name")) return "directory_user_name";
  if (detail.includes("email")) return "email";
  return null;
}
