// The widget embed snippet the portal's settings page shows (docs/hosted-app.md, "Embedding the
// widget"): an iframe on /embed/{subdomain} and the listener for the widget's height messages.
// Pure, so the page can redraw it as the subdomain is typed. Owned with helper "hosted", who may
// adjust the markup to match the widget.
import { WIDGET_RETURN_PARAM, WIDGET_TOKEN_PARAM } from "@/lib/hosted/widget-return";

/** The part of the sign-in URL config (services/members) the snippet needs. */
type AppAddress = { scheme: "https" | "http"; appDomain: string };

/** The site root the widget is served from: `{scheme}://{APP_DOMAIN}`. */
function embedAppUrl(config: AppAddress): string {
  return `${config.scheme}://${config.appDomain}`;
}

export function embedUrl(config: AppAddress, subdomain: string): string {
  return `${embedAppUrl(config)}/embed/${encodeURIComponent(subdomain)}`;
}

/**
 * The snippet: an iframe whose address the script sets, so that it can name the page it sits on
 * (`?return_to=`: a sign-in link the member asks for inside the widget brings them back here) and
 * hand the frame a sign-in token that link brought (`?perkway_token=` on this page, taken out of the
 * address bar). Then the listener for the widget's height and navigation messages.
 */
export function embedSnippet(config: AppAddress, subdomain: string): string {
  const appUrl = embedAppUrl(config);
  return [
    `<iframe id="perkway-perks" title="Member perks" style="width:100%;border:0" height="600" loading="lazy"></iframe>`,
    `<script>`,
    `  (function () {`,
    `    var widget = "${embedUrl(config, subdomain)}";`,
    `    var frame = document.getElementById("perkway-perks");`,
    `    var page = new URL(location.href), token = page.searchParams.get("${WIDGET_TOKEN_PARAM}");`,
    `    if (token) { page.searchParams.delete("${WIDGET_TOKEN_PARAM}"); history.replaceState(history.state, "", page.href); }`,
    `    var src = new URL(token ? widget + "/auth/magic" : widget);`,
    `    if (token) src.searchParams.set("token", token);`,
    `    src.searchParams.set("${WIDGET_RETURN_PARAM}", page.href);`,
    `    frame.src = src.href;`,
    `    addEventListener("message", function (e) {`,
    `      if (e.origin !== "${appUrl}" || !e.data) return;`,
    `      if (e.data.type === "perkway:height") frame.height = String(e.data.height);`,
    `      if (e.data.type === "perkway:navigate" && frame.getBoundingClientRect().top < 0) frame.scrollIntoView();`,
    `    });`,
    `  })();`,
    `</script>`,
  ].join("\n");
}
