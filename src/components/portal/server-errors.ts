"use client";
// A refused tRPC mutation onto a react-hook-form: formatTRPCError puts AppError's `param` (one field)
// or `errors` (several) in `data`; each lands on the form field it names, the rest is returned for
// the form's alert or toast. Every portal form maps server errors through here.
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";

export type FieldProblem = { param: string; message: string };

type ErrorData = { param?: string | null; errors?: FieldProblem[] | null; appCode?: string | null };
const dataOf = (error: unknown) => (error as { data?: ErrorData | null } | null)?.data ?? null;

/** The field problems of a refused mutation: its `errors`, else its one `param` with the message. */
export function fieldErrorsOf(error: unknown): FieldProblem[] {
  const data = dataOf(error);
  if (data?.errors?.length) return data.errors;
  if (data?.param) return [{ param: data.param, message: (error as { message: string }).message }];
  return [];
}

/** The AppError code of a refused mutation (e.g. "deal_incomplete"), or null. */
export function appCodeOf(error: unknown): string | null {
  return dataOf(error)?.appCode ?? null;
}

type PlaceOptions<T extends FieldValues> = {
  /** focus the (last) field an error lands on; default true */
  focus?: boolean;
  /** when the error names no field at all, its message goes on this field */
  fallback?: Path<T>;
  /** the words shown for a problem (default: its message) */
  messageOf?: (problem: FieldProblem) => string;
};

/**
 * Sets each field problem of `error` on the form field `fieldOf(param)` names (null: not on this form).
 * Returns the problems no field took.
 */
export function setServerErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, fieldOf: (param: string) => string | null, options: PlaceOptions<T> = {}): FieldProblem[] {
  const { focus = true, fallback, messageOf = (p) => p.message } = options;
  const problems = fieldErrorsOf(error);
  if (!problems.length && fallback) {
    form.setError(fallback, { type: "server", message: (error as Error).message }, { shouldFocus: focus });
    return [];
  }
  const rest: FieldProblem[] = [];
  for (const p of problems) {
    const field = fieldOf(p.param);
    if (field) form.setError(field as Path<T>, { type: "server", message: messageOf(p) }, { shouldFocus: focus });
    else rest.push(p);
  }
  return rest;
}

/** A fieldOf that takes only the listed fields (after an optional rename of the param). */
export function onlyFields(fields: readonly string[], rename: (param: string) => string | null = (p) => p): (param: string) => string | null {
  return (param) => {
    const field = rename(param);
    return field && fields.includes(field) ? field : null;
  };
}

/** A validation message without its leading "path: " (the field already says where). */
export const withoutParamPrefix = (p: FieldProblem) => p.message.replace(/^[\w.[\]]+: /, "");
