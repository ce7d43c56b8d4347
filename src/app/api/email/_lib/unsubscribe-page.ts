// The small standalone page both unsubscribe links answer with (notification emails for admins,
// digest emails for members): no session, no scripts, a strict CSP; and the token of the link.
/** `product`: the name after the title (admins' emails are Perkway's; members' are their partner's, so none). */
export function unsubscribePage(status: number, title: string, body: string, product: string | null = "Perkway"): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}${product ? ` · ${esc(product)}` : ""}</title>
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

export function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function tokenOf(req: Request): string {
  const token = new URL(req.url).searchParams.get("token") ?? "";
  return token.length > 300 ? "" : token;
}

