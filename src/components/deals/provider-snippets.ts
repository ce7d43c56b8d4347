// The copy-paste snippets a deal's provider needs to confirm conversions (POST /v1/provider/conversions),
// shown in the portal beside the provider secret and mirrored in docs/provider-conversions.md.
type ProviderSnippets = { curl: string; node: string };

/** `apiBase`: the API's origin (https://perkway.com); `secret`: the whsec_… to show, or a placeholder. */
export function providerSnippets(apiBase: string, secret = "whsec_…"): ProviderSnippets {
  const url = `${apiBase.replace(/\/+$/, "")}/v1/provider/conversions`;
  const curl = `# The click id arrived in your signup URL ({{click_id}}).
export PERKWAY_PROVIDER_SECRET='${secret}'
CLICK_ID='clk_...'
BODY="{\\"click_id\\":\\"$CLICK_ID\\"}"
T=$(date +%s)
SIG=$(printf '%s.%s' "$T" "$BODY" | openssl dgst -sha256 -hmac "$PERKWAY_PROVIDER_SECRET" -hex | sed 's/^.* //')
curl -sS -X POST '${url}' \\
  -H 'Content-Type: application/json' \\
  -H "Perkway-Signature: t=$T,v1=$SIG" \\
  --data "$BODY"`;
  const node = `// Node 18+: call this when the member behind a click has signed up / redeemed.
import { createHmac } from "node:crypto";

const SECRET = process.env.PERKWAY_PROVIDER_SECRET; // ${secret === "whsec_…" ? "whsec_…" : "the secret shown once in Perkway"}

export async function confirmPerkwayRedemption(clickId) {
  const body = JSON.stringify({ click_id: clickId });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac("sha256", SECRET).update(\`\${t}.\${body}\`).digest("hex");
  const res = await fetch("${url}", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Perkway-Signature": \`t=\${t},v1=\${v1}\` },
    body, // sign and send the exact same bytes
  });
  if (!res.ok) throw new Error(\`Perkway \${res.status}: \${await res.text()}\`);
  return res.json(); // { redemption, duplicate }
}`;
  return { curl, node };
}
