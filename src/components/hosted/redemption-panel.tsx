"use client";
// How the member redeems a deal, for every redemption method: reveal and copy a promo code, claim a
// one-time code (shown again on later visits), open the redeem link in a new tab, follow steps,
// request access with the inquiry form, and mark the deal as redeemed. Each interaction reports
// its event; the server records instructions_viewed / unique_code_claimed / deal_inquiry_submitted
// itself where they happen.
import { Check, Copy, ExternalLink } from "lucide-react";
import { useEffect, useRef, useState, useSyncExternalStore, useTransition } from "react";
import type { RedemptionDto } from "@/server/schemas/redemption.schema";
import type { HostedUi } from "./styles";
import type { Track } from "./track";

type Method = RedemptionDto["method"];
type Reveal = (dealId: string) => Promise<{ ok: true; redemption: RedemptionDto } | { ok: false; error: string }>;
type Inquire = (input: { dealId: string; message: string; company?: string; role?: string }) => Promise<{ ok: true } | { ok: false; error: string; field?: string }>;
type MarkRedeemed = (dealId: string) => Promise<{ ok: true; redeemedOn: string } | { ok: false; error: string }>;

const noSubscription = () => () => {};

const ACTION_LABEL: Record<Method, string> = {
  promo_code: "Reveal code",
  unique_code: "Claim your code",
  url: "Get this deal",
  form: "Get this deal",
  steps: "Show the steps",
  inquiry: "Request access",
};

// Why the reveal was refused (the redemption service's reasons, src/app/p/[subdomain]/actions.ts), in words.
const ERRORS: Record<string, string> = {
  codes_exhausted: "All codes for this deal have been claimed. Check back later: the partner may add more.",
  not_redeemable: "This deal cannot be redeemed right now.",
  deal_not_found: "This deal is no longer available.",
  busy: "Too many members are claiming codes right now. Try again in a moment.",
  signed_out: "Your session has ended. Open your sign-in link again.",
  not_eligible: "You cannot redeem this deal.",
  approval_required: "This deal needs the partner's approval before you can redeem it.",
};

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
}) {
  const { dealId, method, productName, track, ui } = props;
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
      } else setError(ERRORS[result.error] ?? "Something went wrong. Try again.");
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
        {redemption || code ? "How to redeem" : "Redeem this deal"}
      </h2>
      {!redemption && !code ? (
        <div className="mt-3">
          <button type="button" className={ui.primary} disabled={pending || !ready} onClick={() => doReveal(true)}>
            {pending ? "Loading…" : ACTION_LABEL[method]}
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
            <p className="text-sm font-medium text-foreground">{method === "unique_code" ? "Your personal code" : "Promo code"}</p>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <code className="max-w-full min-w-0 rounded-md border border-dashed border-input bg-muted px-3 py-2 font-mono text-base font-semibold tracking-wide break-all text-foreground select-all" data-testid="redeem-code">
                {code}
              </code>
              <button type="button" className={ui.secondary} onClick={copy}>
                {copied ? <Check aria-hidden="true" className="h-4 w-4" /> : <Copy aria-hidden="true" className="h-4 w-4" />}
                {copied ? "Copied" : "Copy code"}
              </button>
            </div>
          </div>
        ) : null}
        {redemption?.instructions ? (
          // Sanitized on the server (allow-list: no scripts, handlers or javascript: URLs), placeholders filled and escaped.
          <div className="prose-sm space-y-2 text-sm text-foreground [&_a]:font-medium [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5" data-testid="redeem-instructions" dangerouslySetInnerHTML={{ __html: redemption.instructions }} />
        ) : null}
        {redemption?.redeem_url ? (
          <a href={redemption.redeem_url} target="_blank" rel="noopener noreferrer" className={ui.primary} onClick={() => {
              // A tracked link (/r/{click_id}) records the click on the server itself.
              if (!/\/r\/clk_/.test(redemption.redeem_url)) void track({ type: "redeem_url_clicked", dealId }).catch(() => undefined);
            }}>
            {method === "form" ? "Open the form" : `Go to ${productName}`}
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
        {redemption?.contact_email && method === "inquiry" ? (
          <p className="text-sm text-muted-foreground">
            Questions? Write to{" "}
            <a className="font-medium text-foreground underline" href={`mailto:${redemption.contact_email}`}>
              {redemption.contact_email}
            </a>
            .
          </p>
        ) : null}
        {redemption && method === "inquiry" ? <InquiryForm dealId={dealId} inquire={props.inquire} ui={ui} /> : null}
        {redeemedOn ? (
          <p role="status" className="flex items-center gap-2 text-sm font-medium text-success" data-testid="redeemed-on">
            <Check aria-hidden="true" className="h-4 w-4" /> Redeemed on {redeemedOn}
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
                else setError(ERRORS[result.error] ?? "Something went wrong. Try again.");
              })
            }
          >
            {marking ? "Saving…" : "Mark as redeemed"}
          </button>
        ) : null}
      </div>
    </section>
  );
}

function InquiryForm({ dealId, inquire, ui }: { dealId: string; inquire: Inquire; ui: HostedUi }) {
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  if (sent) {
    return (
      <p role="status" className="rounded-md bg-success/15 px-3 py-2 text-sm text-foreground" data-testid="inquiry-sent">
        Thanks! Your request was sent. The team will get back to you by email.
      </p>
    );
  }
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        startTransition(async () => {
          const result = await inquire({ dealId, message: String(data.get("message") ?? ""), company: String(data.get("company") ?? ""), role: String(data.get("role") ?? "") });
          if (result.ok) setSent(true);
          else setError(result.error);
        });
      }}
    >
      <div>
        <label htmlFor="inquiry-message" className="mb-1.5 block text-sm font-medium text-foreground">
          What would you like to ask? <span aria-hidden="true">*</span>
        </label>
        <textarea id="inquiry-message" name="message" required maxLength={2000} rows={4} className={ui.field} aria-describedby={error ? "inquiry-error" : undefined} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="inquiry-company" className="mb-1.5 block text-sm font-medium text-foreground">
            Company (optional)
          </label>
          <input id="inquiry-company" name="company" maxLength={200} className={ui.field} />
        </div>
        <div>
          <label htmlFor="inquiry-role" className="mb-1.5 block text-sm font-medium text-foreground">
            Your role (optional)
          </label>
          <input id="inquiry-role" name="role" maxLength={200} className={ui.field} />
        </div>
      </div>
      {error ? (
        <p id="inquiry-error" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <button type="submit" className={ui.primary} disabled={pending}>
        {pending ? "Sending…" : "Send request"}
      </button>
    </form>
  );
}
