// GET|POST /api/email/member-unsubscribe?token= — the List-Unsubscribe link of members' digest and
// ending-soon emails. POST (RFC 8058 one-click: "List-Unsubscribe=One-Click" from the mail provider,
// or the GET page's button) turns both off for that member, without a session. GET changes nothing
// (mail scanners open links). A bad or tampered token is a 400 page, never a 5xx.
import { AppError } from "@perkway/server/errors/app-error";
import { unsubscribeMemberWithToken } from "@perkway/server/services/digests";
import { esc, tokenOf, unsubscribePage } from "../_lib/unsubscribe-page";

/** Members' pages carry no Perkway name (the partner's programme, white label or not). */
const page = (status: number, title: string, body: string) => unsubscribePage(status, title, body, null);

const T = {
  invalidTitle: "This unsubscribe link is not valid",
  invalidBody: "It may be incomplete. You can turn these emails off on your profile page in the perks app.",
  askTitle: "Unsubscribe from deal emails?",
  askBody: "You will no longer get the “New deals you can claim” digest nor ending-soon reminders. You can turn them back on on your profile page.",
  button: "Unsubscribe",
  doneTitle: "You are unsubscribed",
  doneBody: (email: string, partner: string) => `${email} will no longer get deal digests or ending-soon reminders from ${partner}. Turn them back on on your profile page.`,
};


const invalid = () => page(400, T.invalidTitle, `<p>${esc(T.invalidBody)}</p>`);

export async function GET(req: Request): Promise<Response> {
  const token = tokenOf(req);
  if (!/^u\.[0-9a-f-]{36}\.[\w-]+$/i.test(token)) return invalid();
  return page(200, T.askTitle, `<p>${esc(T.askBody)}</p><form method="post" action="?token=${encodeURIComponent(token)}"><button type="submit">${esc(T.button)}</button></form>`);
}

export async function POST(req: Request): Promise<Response> {
  try {
    const { email, partnerName } = await unsubscribeMemberWithToken(tokenOf(req));
    return page(200, T.doneTitle, `<p>${esc(T.doneBody(email, partnerName))}</p>`);
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return invalid();
    throw err;
  }
}
