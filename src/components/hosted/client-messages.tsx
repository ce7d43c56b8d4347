// next-intl's client provider around the few client islands that translate in the browser (forms,
// the redemption panel), with only their namespaces. Not in the layout: a provider there would load
// next-intl's client runtime (~12 KB gzipped) and send every message on every page, the deal list's
// included, where no client component translates (issue 45).
import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";

type ClientNamespace = "redeem" | "access" | "profile" | "digest";

export async function ClientMessages({ namespaces, children }: { namespaces: readonly ClientNamespace[]; children: ReactNode }) {
  const all = await getMessages();
  const messages = Object.fromEntries(namespaces.map((n) => [n, all[n]]));
  return <NextIntlClientProvider messages={messages}>{children}</NextIntlClientProvider>;
}
