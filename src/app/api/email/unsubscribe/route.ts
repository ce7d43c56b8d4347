// GET|POST /api/email/unsubscribe?token= — the List-Unsubscribe link of notification emails.
// POST (RFC 8058 one-click, sent by the mail provider with "List-Unsubscribe=One-Click", or the
// button of the GET page) turns that kind of notification off for that admin. GET changes nothing
// (mail scanners open links): it shows the button. A bad or tampered token is a 400 page, never a 5xx.
import { AppError } from "@/server/errors/app-error";
import { unsubscribeWithToken } from "@/server/services/email";

const KIND_LABELS: Record<string, string> = { inquiry: "new inquiries", codes_low: "codes running low", access_request: "access requests" };

function page(status: number, title: string, body: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)} · Perkway</title>
<style>body{font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;background:#f4f4f5;color:#18181b;margin:0;padding:48px 16px}main{max-width:480px;margin:0 auto;background:#fff;border:1px solid #e4e4e7;border-radius:8px;padding:28px}h1{font-size:22px;margin:0 0 12px}p{line-height:1.5;color:#3f3f46}button{background:#4f46e5;color:#fff;border:0;border-radius:6px;padding:12px 20px;font-size:15px;font-weight:600;cursor:pointer}a{color:#4338ca}</style></head>
<body><main><h1>${esc(title)}</h1>${body}</main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "x-robots-tag": "noindex",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    },
  });
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function tokenOf(req: Request): string {
  const token = new URL(req.url).searchParams.get("token") ?? "";
  return token.length > 300 ? "" : token;
}

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
