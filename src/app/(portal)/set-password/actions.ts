"use server";
// POST of /set-password: the page's form posts here (a server action: Next checks its Origin).
import { AppError } from "@perkway/server/errors/app-error";
import { setPasswordWithToken } from "@perkway/server/services/admins";

export type SetPasswordState = { error: string | null; field: "password" | "confirm" | null; done: { email: string } | null };

export async function setPasswordAction(_prev: SetPasswordState, form: FormData): Promise<SetPasswordState> {
  const password = String(form.get("password") ?? "");
  const confirm = String(form.get("confirm") ?? "");
  if (password !== confirm) return { error: "The two passwords are not the same. Type the same password twice.", field: "confirm", done: null };
  try {
    return { error: null, field: null, done: await setPasswordWithToken(form.get("token"), password) };
  } catch (err) {
    if (err instanceof AppError) return { error: err.message, field: err.param === "password" ? "password" : null, done: null };
    throw err;
  }
}
