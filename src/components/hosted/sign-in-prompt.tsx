// What a signed-out visitor sees on a member page (a deal, the locked deals): how to get in.
import { useTranslations } from "next-intl";

export function SignInPrompt({ title, partnerName }: { title: string; partnerName: string }) {
  const t = useTranslations("signInPrompt");
  return (
    <section className="mx-auto max-w-xl py-10 text-center">
      <h1 className="text-2xl font-bold text-foreground">{title}</h1>
      <p className="mt-3 text-muted-foreground">{t("text", { partner: partnerName })}</p>
    </section>
  );
}
