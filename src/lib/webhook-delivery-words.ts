// A webhook delivery in plain words for the portal (issue 44, item 14): a delivery that failed and
// will be tried again is "Failing — retrying at …", not "Pending", and the worker's raw error
// (`getaddrinfo ENOTFOUND hooks.example.com`) becomes a sentence. The raw text stays available for
// engineers (shown as the sentence's title). Pure: the delivery log renders it in the browser.

type DeliveryLike = {
  status: "pending" | "delivered" | "failed";
  attempts: number;
  last_response_status: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
};

export type DeliveryWords = { label: string; tone: "ok" | "waiting" | "failing" | "failed"; detail: string | null };

/** The worker's error text (send-webhook-request.ts) as a sentence a partner admin can act on. */
export function plainDeliveryError(raw: string | null, status: number | null): string | null {
  if (status !== null && status >= 300 && status < 400) return `Your endpoint answered with a redirect (HTTP ${status}); webhooks do not follow redirects, so use the final address.`;
  if (status !== null && (status < 200 || status >= 300)) return `Your endpoint answered HTTP ${status} instead of a 2xx status.`;
  if (!raw) return null;
  const host = /(?:ENOTFOUND|EAI_AGAIN)\s+(\S+)/.exec(raw)?.[1];
  if (/ENOTFOUND|EAI_AGAIN/.test(raw)) return `The address ${host ? `${host} ` : ""}could not be found (DNS): check the host name in the URL.`;
  if (/ECONNREFUSED/.test(raw)) return "The server refused the connection: nothing is listening at this address and port.";
  if (/no answer within|ETIMEDOUT|timeout/i.test(raw)) return "Your endpoint did not answer in time.";
  if (/ECONNRESET|socket hang up/i.test(raw)) return "The connection was cut before your endpoint answered.";
  if (/certificate|CERT_|SSL|TLS/i.test(raw)) return "The endpoint's TLS certificate could not be verified (expired, self-signed or for another name).";
  if (/private, loopback or link-local/.test(raw)) return "The address is private (a local or internal network): webhooks are only sent to public addresses.";
  if (/invalid URL/i.test(raw)) return "The endpoint's URL is not valid.";
  return "The request to your endpoint failed.";
}

export function deliveryWords(d: DeliveryLike, formatTime: (iso: string) => string): DeliveryWords {
  const detail = plainDeliveryError(d.last_error, d.last_response_status);
  if (d.status === "delivered") return { label: "Delivered", tone: "ok", detail: null };
  if (d.status === "failed") return { label: `Failed — gave up after ${d.attempts} ${d.attempts === 1 ? "attempt" : "attempts"}`, tone: "failed", detail };
  if (d.attempts === 0) return { label: d.next_attempt_at ? `Queued — sending at ${formatTime(d.next_attempt_at)}` : "Queued", tone: "waiting", detail: null };
  return { label: d.next_attempt_at ? `Failing — retrying at ${formatTime(d.next_attempt_at)}` : "Failing — retrying", tone: "failing", detail };
}
