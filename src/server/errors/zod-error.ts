import type { ZodError } from "zod";
import { AppError } from "@/server/errors/app-error";

/** Dot path with [i] for array indexes, e.g. `events[3].deal_id`. */
export function issuePath(path: PropertyKey[]): string {
  let out = "";
  for (const p of path) {
    if (typeof p === "number") out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out;
}

// The ZodError behind an AppError, for surfaces that word problems for people (the portal's tRPC
// errors, imports); the AppError's own message and errors stay as /v1 sends them.
const zodCauses = new WeakMap<AppError, { err: ZodError; prefix: PropertyKey[] }>();

export function zodCauseOf(appError: AppError): { err: ZodError; prefix: PropertyKey[] } | null {
  return zodCauses.get(appError) ?? null;
}

/** A zod failure becomes one 400 naming the first offending field, with every problem listed. */
export function zodErrorToAppError(err: ZodError, prefix: PropertyKey[] = []): AppError {
  type Problem = { param: string; message: string; kind: "unknown" | "missing" | "invalid" };
  const errors: Problem[] = err.issues.flatMap((issue): Problem[] => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((k) => ({ param: issuePath([...prefix, ...issue.path, k]), message: `Unknown parameter: ${k}`, kind: "unknown" as const }));
    }
    const param = issuePath([...prefix, ...issue.path]);
    const missing = issue.code === "invalid_type" && /received undefined/.test(issue.message);
    return [{ param, message: missing ? `${param || "body"} is required` : `${param ? param + ": " : ""}${issue.message}`, kind: missing ? "missing" : "invalid" }];
  });
  const first: Problem = errors[0] ?? { param: "", message: "Invalid request", kind: "invalid" };
  const code = first.kind === "unknown" ? "unknown_parameter" : first.kind === "missing" ? "parameter_missing" : "parameter_invalid";
  const appError = new AppError(code, first.message, {
    param: first.param || null,
    errors: errors.length > 1 ? errors.map(({ param, message }) => ({ param, message })) : undefined,
  });
  zodCauses.set(appError, { err, prefix });
  return appError;
}
