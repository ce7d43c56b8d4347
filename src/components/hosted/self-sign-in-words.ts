// The self sign-in form's words in the member's language (messages' selfSignIn), for the client form.
import { getTranslations } from "next-intl/server";
import type { SelfSignInWords } from "./self-sign-in-form";

/** `requests`: the partner accepts requests to join (member_access "request"); the words say so. */
export async function selfSignInWords(partnerName: string, requests: boolean): Promise<SelfSignInWords> {
  const t = await getTranslations("selfSignIn");
  const partner = { partner: partnerName };
  return {
    checkEmail: t("checkEmail"),
    sent: t("sent", partner),
    requestTitle: t("requestTitle"),
    sentOrRequested: t("sentOrRequested", partner),
    formLabel: t("formLabel"),
    emailLabel: t("emailLabel"),
    emailPlaceholder: t("emailPlaceholder"),
    invalid: t("invalid"),
    hint: requests ? t("hintRequests", partner) : t("hint"),
    sending: t("sending"),
    submit: t("submit"),
  };
}
