"use client";
// A tRPC error from a service (AppError: data.param, data.errors) shown on the form fields it names;
// what names no field stays on the mutation's error for the form's alert.
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";

type ErrorLike = { message: string; data?: { param?: string | null; errors?: { param: string; message: string }[] | null } | null };

export function applyServerErrors<T extends FieldValues>(form: UseFormReturn<T>, error: ErrorLike, fields: readonly string[], rename: (param: string) => string | null = (p) => p): number {
  const problems = error.data?.errors?.length ? error.data.errors : error.data?.param ? [{ param: error.data.param, message: error.message }] : [];
  let shown = 0;
  for (const p of problems) {
    const field = rename(p.param);
    if (field && fields.includes(field)) {
      form.setError(field as Path<T>, { type: "server", message: p.message.replace(/^[\w.[\]]+: /, "") });
      shown++;
    }
  }
  return shown;
}
