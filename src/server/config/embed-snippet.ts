// The widget embed snippet the portal's settings page shows (docs/hosted-app.md, "Embedding the
// widget"): an iframe on /embed/{subdomain} and the listener for the widget's height messages.
// Pure, so the page can redraw it as the subdomain is typed. Owned with helper "hosted", who may
// adjust the markup to match the widget.
import type { SignInUrlConfig } from "@/server/services/magic-links/magic-link-config";

/** The site root the widget is served from: `{scheme}://{APP_DOMAIN}`. */
export function embedAppUrl(config: Pick<SignInUrlConfig, "scheme" | "appDomain">): string {
  return `${config.scheme}://${config.appDomain}`;
}

export function embedUrl(config: Pick<SignInUrlConfig, "scheme" | "appDomain">, subdomain: string): string {
  return `${embedAppUrl(config)}/embed/${encodeURIComponent(subdomain)}`;
}

export function embedSnippet(config: Pick<SignInUrlConfig, "scheme" | "appDomain">, subdomain: string): string {
  const appUrl = embedAppUrl(config);
  return [
    `<iframe id="perkway-perks" src="${embedUrl(config, subdomain)}" title="Member perks"`,
    `        style="width:100%;border:0" height="600" loading="lazy"></iframe>`,
    `<script>`,
    `  addEventListener("message", function (e) {`,
    `    if (e.origin === "${appUrl}" && e.data && e.data.type === "perkway:height") {`,
    `      document.getElementById("perkway-perks").height = String(e.data.height);`,
    `    }`,
    `  });`,
    `</script>`,
  ].join("\n");
}
