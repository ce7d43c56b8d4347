// GET|POST /api/email/unsubscribe?token= — the List-Unsubscribe link of notification emails.
// POST (RFC 8058 one-click, sent by the mail provider with "List-Unsubscribe=One-Click", or the
// button of the GET page) turns that kind of notification off for that admin. GET changes nothing
// (mail scanners open links): it shows the button. A bad or tampered token is a 400 page, never a 5xx.
import { AppError } from "@perkway/server/errors/app-error";
import { unsubscribeWithToken } from "@perkway/server/services/email";
import { esc, tokenOf, unsubscribePage as page } from "../_lib/unsubscribe-page";

const KIND_LABELS: Record<string, string> = { inquiry: "new inquiries", codes_low: "codes running low", access_request: "access requests" };

const invalid = () => page(400, "This unsubscribe link is not valid", "<p>It may be incomplete. Change your email notifications in the portal, on the Team page.</p>");

export async function GET(req: Request): Promise<Response> {
  const token = tokenOf(req);
  if (!/^[\w-]+\.[a-z_]+\.[\w-]+$/.test(token)) return invalid();
  return page(
    200,
    "Unsubscribe from these notifications?",
    `<p>You will no longer get these emails. You can turn them back on in the portal, on the Team page.</p><form method="post" action="?token=${encodeURIComponent(token)}"><button type="submit">Unsubscribe</button></form>`,
  );
}

export async function POST(req: Request): Promise<Response> {
  try {
    const { kinds, email } = await unsubscribeWithToken(tokenOf(req));
    const what = kinds.length ? kinds.map((k) => KIND_LABELS[k] ?? k).join(", ") : "these notifications";
    return page(200, "You are unsubscribed", `<p>${esc(email)} will no longer get emails about ${esc(what)}. Turn them back on in the portal, on the Team page.</p>`);
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return invalid();
    throw err;
  }
}
