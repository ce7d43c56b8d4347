// Unknown partner subdomain, or a deal this member cannot see. Within a partner's app the page
// offers the way back to its deals (the proxy names the subdomain and base path in headers: a
// not-found page gets no route params). The button wraps: "Zurück zu den Vorteilen von <a long
// partner name>" is wider than a phone.
import { headers } from "next/headers";
import { Button } from "@/components/ui/button";
import { MEMBER_HEADERS } from "@/lib/hosted/member-surface";
import { loadPartner } from "@/server/auth/member-context";
import { getTranslations } from "next-intl/server";

export default async function HostedNotFound() {
  const t = await getTranslations("notFound");
  const h = await headers();
  const subdomain = h.get(MEMBER_HEADERS.subdomain);
  const partner = subdomain ? await loadPartner(subdomain) : null;
  const home = h.get(MEMBER_HEADERS.base) ?? (subdomain ? `/p/${subdomain}` : null);
  return (
    <section className="mx-auto max-w-xl py-12 text-center" data-testid="hosted-not-found">
      <p className="text-sm font-bold tracking-widest text-muted-foreground">404</p>
      <h1 className="mt-2 text-2xl font-bold text-foreground">{t("title")}</h1>
      <p className="mt-3 text-muted-foreground">
        {t("text")}
      </p>
      {partner && home !== null ? (
        <Button asChild className="mt-6 h-auto min-h-10 max-w-full whitespace-normal py-2">
          <a href={home || "/"}>{t("back", { partner: partner.name })}</a>
        </Button>
      ) : null}
    </section>
  );
}
