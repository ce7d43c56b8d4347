// The member's page: signed in through the partner's identity provider (OIDC) — which one, and the
// mapped claim values its last sign-in ignored because they are outside our vocabulary (contract §15).
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { MemberDetailOutput } from "@/server/schemas/member-portal.schema";

export function IdentityProviderCard({ idp }: { idp: NonNullable<MemberDetailOutput["identity_provider"]> }) {
  return (
    <Card data-testid="identity-provider-card">
      <CardHeader>
        <CardTitle>Identity provider</CardTitle>
        <CardDescription className="[overflow-wrap:anywhere]">Signs in through {idp.issuer}; its mapped claims set this profile at every sign-in.</CardDescription>
      </CardHeader>
      <CardContent className="text-sm">
        {idp.ignored_claims.length === 0 ? (
          <p className="text-muted-foreground">Every mapped value of the last sign-in was used.</p>
        ) : (
          <>
            <p>The last sign-in sent values outside the vocabulary; they were ignored:</p>
            <ul className="mt-2 list-disc pl-5 [overflow-wrap:anywhere]" aria-label="Ignored claim values">
              {idp.ignored_claims.map((c, i) => (
                <li key={`${c.claim}-${i}`}>
                  <span className="font-mono text-xs">{c.claim}</span>: {c.value}
                </li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}
