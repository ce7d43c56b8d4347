// The page that ends an admin's "Test sign-in" (Settings → Member sign-in): what the partner's IdP
// sent, what the claims mapping makes of it, and what a real sign-in of this person would do. It is
// for the partner's admin (English, like the portal), shows only the signed-in person's own claims,
// and says that nothing was written.
import type { MemberOidcRefusal, MemberOidcTestReport } from "@/server/services/member-sign-in";
import type { ReactNode } from "react";
import { pageResponse, SmallPage } from "./page-kit";

const REFUSAL_TEXT: Record<MemberOidcRefusal, string> = {
  access_denied: "The identity provider answered access_denied: the sign-in was cancelled there, or the account may not use this application.",
  bad_state: "This test link was used already or has expired (five minutes). Start a new test from Settings → Member sign-in.",
  invalid_response: "The identity provider's answer could not be verified (ID token signature, issuer, audience, nonce or code exchange).",
  email_not_verified: "The ID token has no verified email: members need an `email` claim with `email_verified: true`.",
  email_required: "The ID token has no email claim: ask for the `email` scope at the identity provider.",
  domain_not_allowed: "The email's domain is not in the allowed email domains.",
  idp_unreachable: "The identity provider could not be reached from our servers (discovery document or token endpoint).",
  issuer_not_allowed: "The issuer's address is not allowed (private network addresses are refused).",
  not_configured: "OpenID Connect is not set up, or the issuer was changed while the test ran. Save the settings and test again.",
  email_taken: "The email is already used by another member.",
  identity_conflict: "This account is linked to another member.",
  deactivated: "The member was deactivated by your directory (SCIM active: false): they cannot sign in until it sets active true again.",
};

const STYLE = `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#0f172a}
main{max-width:44rem;margin:6vh auto;padding:2rem 1.5rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem}
h1{font-size:1.375rem;margin:0 0 .75rem}h2{font-size:1rem;margin:1.5rem 0 .5rem}p,li{line-height:1.5;color:#334155}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
pre{background:#f1f5f9;border:1px solid #e2e8f0;border-radius:.5rem;padding:.75rem;overflow-x:auto;font-size:.8125rem}
.note{background:#eff6ff;border:1px solid #bfdbfe;border-radius:.5rem;padding:.75rem}
@media (max-width:480px){main{margin:0;border-radius:0;border-left:0;border-right:0}dl{grid-template-columns:1fr}}`;

function ReportPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SmallPage lang="en" title={title} style={STYLE} testId="oidc-test-report">
      {children}
      <p className="note">This was a test: no member was created or changed and nobody was signed in. You can close this tab.</p>
    </SmallPage>
  );
}

function admissionText(report: MemberOidcTestReport, partnerName: string): string {
  const a = report.admission;
  if (a.kind === "linked") return `Signs in as the member ${a.email}, who is already linked to this account.`;
  if (a.kind === "matched_by_email") return `Signs in as the existing member ${a.email} and links this account to them.`;
  if (a.kind === "new_member") return `Joins ${partnerName} as a new live member, ${report.email}, at the first sign-in.`;
  return `Refused: ${REFUSAL_TEXT[a.reason]}`;
}

function profileRows(profile: MemberOidcTestReport["profile"]): [string, string][] {
  const rows: [string, string][] = [];
  if (profile.tier) rows.push(["tier", profile.tier]);
  if (profile.user_types?.length) rows.push(["user_types", profile.user_types.join(", ")]);
  if (profile.regions?.length) rows.push(["regions", profile.regions.join(", ")]);
  for (const [dimension, values] of Object.entries(profile.eligibility ?? {})) {
    if (Array.isArray(values) && values.length) rows.push([dimension, values.join(", ")]);
  }
  return rows;
}

function Definitions({ rows }: { rows: [string, string][] }) {
  return (
    <dl>
      {rows.map(([k, v]) => [<dt key={`t-${k}`}>{k}</dt>, <dd key={`d-${k}`}>{v}</dd>])}
    </dl>
  );
}

/** 200: the IdP's answer was verified; the report of what a real sign-in would do. */
export function oidcTestReportPage(report: MemberOidcTestReport, partnerName: string, headers?: Headers): Promise<Response> {
  const mapped = profileRows(report.profile);
  const claims = JSON.stringify(report.claims, null, 2);
  const page = (
    <ReportPage title="Test sign-in worked">
      <p>Your identity provider answered and its ID token was verified.</p>
      <h2>Who signed in</h2>
      <Definitions
        rows={[
          ["Email", report.email],
          ["Subject (sub)", report.sub],
        ]}
      />
      <h2>What a real sign-in does</h2>
      <p data-testid="oidc-test-admission">{admissionText(report, partnerName)}</p>
      <h2>Mapped to the member&apos;s profile</h2>
      {mapped.length ? <Definitions rows={mapped} /> : <p>No mapped claim had a value here (check the claims mapping and the claims below).</p>}
      {report.ignoredClaims.length ? (
        <>
          <h2>Values ignored (outside the vocabulary)</h2>
          <ul>
            {report.ignoredClaims.map((c) => (
              <li key={`${c.claim}:${c.value}`}>{`${c.claim}: ${c.value}`}</li>
            ))}
          </ul>
        </>
      ) : null}
      <h2>Claims in the ID token</h2>
      <pre>{claims.length > 20_000 ? `${claims.slice(0, 20_000)}\n…` : claims}</pre>
    </ReportPage>
  );
  return pageResponse(200, page, { embed: false, headers });
}

/** The test failed: why, in an admin's words (the log has the detail too). */
export function oidcTestFailedPage(status: number, reason: MemberOidcRefusal, partnerName: string, detail?: string, headers?: Headers): Promise<Response> {
  const page = (
    <ReportPage title="Test sign-in failed">
      <p data-testid="oidc-test-reason">{REFUSAL_TEXT[reason]}</p>
      {detail ? (
        <>
          <h2>Detail</h2>
          <pre>{detail.slice(0, 2000)}</pre>
        </>
      ) : null}
      <p>Fix the settings of {partnerName}&apos;s member sign-in, or the application at the identity provider, then start a new test from Settings.</p>
    </ReportPage>
  );
  return pageResponse(status, page, { embed: false, headers });
}
