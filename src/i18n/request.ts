// next-intl's request configuration (wired by createNextIntlPlugin in next.config.mjs): the locale of
// this request (src/server/auth/member-locale.ts), and its messages with the process's message cache
// (requestIntlConfig in src/lib/messages.ts).
import { getRequestConfig } from "next-intl/server";
import { requestIntlConfig } from "@/lib/messages";
import { requestLocale } from "@/server/auth/member-locale";

export default getRequestConfig(async () => requestIntlConfig(await requestLocale()));
