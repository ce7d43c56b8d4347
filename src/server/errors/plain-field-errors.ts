// An AppError's field problems in plain words, for people (the portal's tRPC errors, the catalogue
// import preview). /v1 never goes through here: its messages are part of the contract.
import { isZodDefaultMessage, plainIssueMessage, sentenceOf } from "@/server/domain/plain-messages";
import type { AppError, FieldError } from "./app-error";
import { issuePath, zodCauseOf } from "./zod-error";

// Refusals of a service (shared with /v1, which keeps the technical words), by code and param.
const SERVICE_WORDS: Record<string, Record<string, string>> = {
  deal_incomplete: {
    "redemption.method": "Choose how members redeem the deal before it goes live",
    "redemption.redeem_url": "Enter the redemption link before the deal goes live",
    "redemption.promo_code": "Enter the promo code before the deal goes live",
    codes: "Add at least one unique code to the code pool before the deal goes live",
  },
};

/** Every problem, worded for people; null when the error has no field problems to re-word. */
export function plainFieldErrors(appError: AppError): FieldError[] | null {
  const cause = zodCauseOf(appError);
  if (cause) {
    return cause.err.issues.flatMap((issue): FieldError[] => {
      if (issue.code === "unrecognized_keys") {
        return issue.keys.map((k) => ({ param: issuePath([...cause.prefix, ...issue.path, k]), message: `Remove the unknown field ${k}` }));
      }
      const param = issuePath([...cause.prefix, ...issue.path]);
      const plain = isZodDefaultMessage(issue.message) ? plainIssueMessage(issue as never) : null;
      return [{ param, message: plain ?? sentenceOf(issue.path, issue.message) }];
    });
  }
  const words = SERVICE_WORDS[appError.code];
  if (!words) return null;
  const problems = appError.errors?.length ? appError.errors : appError.param ? [{ param: appError.param, message: appError.message }] : [];
  const out = problems.map((p) => ({ param: p.param, message: words[p.param] ?? p.message }));
  return out.length ? out : null;
}

/** The AppError's message for people: its problems in plain words, or its own message. */
export function plainMessage(appError: AppError, errors = plainFieldErrors(appError)): string {
  if (!errors?.length) return appError.message;
  if (appError.code === "deal_incomplete") return `The deal cannot go live yet: ${errors.map((e) => e.message.charAt(0).toLowerCase() + e.message.slice(1)).join("; ")}.`;
  return errors[0]!.message;
}
