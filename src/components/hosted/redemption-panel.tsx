"use client";
// How the member redeems a deal, for every redemption method: reveal and copy a promo code, claim a
// one-time code (shown again on later visits), open the redeem link in a new tab, follow steps,
// request access with the inquiry form, and mark the deal as redeemed. Each interaction reports
// its event; the server records instructions_viewed / unique_code_claimed / deal_inquiry_submitted
// itself where they happen.
import { CheckIcon, CopyIcon, ExternalLinkIcon } from "./icons";
import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore, useTransition } from "react";
import type { RedemptionDto } from "@/server/schemas/redemption.schema";
import { isRedeemErrorKey as isErrorKey } from "./redeem-errors";
import type { HostedUi } from "./styles";
import type { Track } from "./track";
import type { Inquire } from "./inquiry-form";
import { wordsT, type Words } from "./words";

type Method = RedemptionDto["method"];

// The inquiry form shows only after an inquiry deal is revealed: its code is loaded then (issue 45).
// While it loads (a few ms), its place is kept. React's lazy, not next/dynamic: the form is never
// server-rendered (it follows a click), and next/dynamic's loader (~4.6 KB before gzip) came with every deal page.
const InquiryForm = lazy(() => import("./inquiry-form").then((m) => ({ default: m.InquiryForm })));

function InquiryFormLoading() {
  return <p aria-busy="true" className="h-10" />;
}

type Reveal = (dealId: string) => Promise<{ ok: true; redemption: RedemptionDto } | { ok: false; error: string }>;
type MarkRedeemed = (dealId: string) => Promise<{ ok: true; redeemedOn: string } | { ok: false; error: string }>;

const noSubscription = () => () => {};

const ACTION_LABEL = {
  promo_code: "actionPromoCode",
  unique_code: "actionUniqueCode",
  url: "actionUrl",
  form: "actionUrl",
  steps: "actionSteps",
  inquiry: "actionInquiry",
} as const satisfies Record<Method, string>;


export function RedemptionPanel(props: {
  dealId: string;
  method: Method;
  productName: string;
  claimedCode: string | null;
  /** When the member's redemption was recorded (formatted on the server), or null. */
  redeemedOn: string | null;
  track: Track;
  reveal: Reveal;
  inquire: Inquire;
  markRedeemed: MarkRedeemed;
  ui: HostedUi;
  /** messages' `redeem` namespace in the member's language */
  words: Words;
}) {
  const { dealId, method, productName, track, ui } = props;
  const t = wordsT(props.words);
  const errorText = (e: string) => (isErrorKey(e) ? t(`error.${e}`) : t("error.generic"));
  const [redemption, setRedemption] = useState<RedemptionDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const [marking, startMarking] = useTransition();
  const [copied, setCopied] = useState(false);
  const [redeemedOn, setRedeemedOn] = useState<string | null>(props.redeemedOn);
  const heading = useRef<HTMLHeadingElement>(null);
  const autoRevealed = useRef(false);
  // Server-rendered buttons do nothing until hydrated: keep them disabled until then.
  const ready = useSyncExternalStore(noSubscription, () => true, () => false);

  const doReveal = (focus: boolean) =>
    startTransition(async () => {
      setError(null);
      const result = await props.reveal(dealId);
      if (result.ok) {
        setRedemption(result.redemption);
        if (focus) requestAnimationFrame(() => heading.current?.focus());
      } else setError(errorText(result.error));
    });

  // A code claimed (or a deal redeemed) on an earlier visit is shown again right away, with its instructions.
  useEffect(() => {
    if ((props.claimedCode || (props.redeemedOn && method !== "inquiry")) && !autoRevealed.current) {
      autoRevealed.current = true;
      doReveal(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);

  const code = redemption?.promo_code || (method === "unique_code" ? props.claimedCode : null) || "";
  const copy = async () => {
    void track({ type: "promo_code_copied", dealId }).catch(() => undefined);
    try {
      await navigator.clipboard.writeText(code);
    } catch {
      /* clipboard blocked (e.g. in a frame): the code stays selectable on screen */
    }
    setCopied(true);
  };

  return (
    <section aria-labelledby="redeem-heading" className="rounded-xl border bg-card p-5 text-card-foreground shadow-xs">
      <h2 id="redeem-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold text-foreground focus:outline-none">
        {redemption || code ? t("howTo") : t("title")}
      </h2>
      {!redemption && !code ? (
        <div className="mt-3">
          <button type="button" className={ui.primary} disabled={pending || !ready} onClick={() => doReveal(true)}>
            {pending ? t("loading") : t(ACTION_LABEL[method])}
          </button>
        </div>
      ) : null}
      <div aria-live="polite" className="mt-3 space-y-4">
        {error ? (
          <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive" data-testid="redeem-error">
            {error}
          </p>
        ) : null}
        {code ? (
          <div>
            <p className="text-sm font-medium text-foreground">{method === "unique_code" ? t("personalCode") : t("promoCode")}</p>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <code className="max-w-full min-w-0 rounded-md border border-dashed border-input bg-muted px-3 py-2 font-mono text-base font-semibold tracking-wide break-all text-foreground select-all" data-testid="redeem-code">
                {code}
              </code>
              <button type="button" className={ui.secondary} onClick={copy}>
                {copied ? <CheckIcon className="h-4 w-4" /> : <CopyIcon className="h-4 w-4" />}
                {copied ? t("copied") : t("copy")}
              </button>
            </div>
          </div>
        ) : null}
        {redemption?.instructions ? (
          // Sanitized on the server (allow-list: no scripts, handlers or javascript: URLs), placeholders filled and escaped.
          <div className="prose-sm space-y-2 text-sm text-foreground [&_a]:font-medium [&_a]:underline [&_ol]:list-decimal [&_ol]:ps-5 [&_ul]:list-disc [&_ul]:ps-5" data-testid="redeem-instructions" dir="auto" dangerouslySetInnerHTML={{ __html: redemption.instructions }} />
        ) : null}
        {redemption?.redeem_url ? (
          <a href={redemption.redeem_url} target="_blank" rel="noopener noreferrer" className={ui.primaryLong} onClick={() => {
              // A tracked link (/r/{click_id}) records the click on the server itself.
              if (!/\/r\/clk_/.test(redemption.redeem_url)) void track({ type: "redeem_url_clicked", dealId }).catch(() => undefined);
            }}>
            {method === "form" ? t("openForm") : t("goTo", { product: productName })}
            <ExternalLinkIcon className="h-4 w-4" />
            <span className="sr-only"> {t("opensInNewTab")}</span>
          </a>
        ) : null}
        {redemption?.contact_email && method === "inquiry" ? (
          <p className="text-sm text-muted-foreground">
            {t("questions")}{" "}
            <a className="font-medium text-foreground underline" href={`mailto:${redemption.contact_email}`}>
              {redemption.contact_email}
            </a>
            {t("questionsEnd")}
          </p>
        ) : null}
        {redemption && method === "inquiry" ? (
          <Suspense fallback={<InquiryFormLoading />}>
            <InquiryForm dealId={dealId} inquire={props.inquire} ui={ui} words={props.words} />
          </Suspense>
        ) : null}
        {redeemedOn ? (
          <p role="status" className="flex items-center gap-2 text-sm font-medium text-success" data-testid="redeemed-on">
            <CheckIcon className="h-4 w-4" /> {t("redeemedOn", { date: redeemedOn })}
          </p>
        ) : redemption && method !== "inquiry" ? (
          <button
            type="button"
            className={ui.secondary}
            disabled={marking}
            onClick={() =>
              startMarking(async () => {
                const result = await props.markRedeemed(dealId);
                if (result.ok) setRedeemedOn(result.redeemedOn);
                else setError(errorText(result.error));
              })
            }
          >
            {marking ? t("saving") : t("markRedeemed")}
          </button>
        ) : null}
      </div>
    </section>
  );
}
