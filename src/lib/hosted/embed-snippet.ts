// The widget embed snippet the portal's settings page shows (docs/hosted-app.md, "Embedding the
// widget"): an iframe on /embed/{subdomain} and the listener for the widget's height messages.
// Pure, so the page can redraw it as the subdomain is typed. Owned with helper "hosted", who may
// adjust the markup to match the widget.
/** The part of the sign-in URL config (services/members) the snippet needs. */
type AppAddress = { scheme: "https" | "http"; appDomain: string };

/** The site root the widget is served from: `{scheme}://{APP_DOMAIN}`. */
export function embedAppUrl(config: AppAddress): string {
  return `${config.scheme}://${config.appDomain}`;
}

export function embedUrl(config: AppAddress, subdomain: string): string {
  return `${embedAppUrl(config)}/embed/${encodeURIComponent(subdomain)}`;
}

export function embedSnippet(config: AppAddress, subdomain: string): string {
  const appUrl = embedAppUrl(config);
  return [
    `<iframe id="perkway-perks" src="${embedUrl(config, subdomain)}" title="Member perks"`,
    `        style="width:100%;border:0" height="600" loading="lazy"></iframe>`,
    `<script>`,
    `  addEventListener("message", function (e) {`,
    `    if (e.origin !== "${appUrl}" || !e.data) return;`,
    `    var frame = document.getElementById("perkway-perks");`,
    `    if (e.data.type === "perkway:height") frame.height = String(e.data.height);`,
    `    if (e.data.type === "perkway:navigate" && frame.getBoundingClientRect().top < 0) frame.scrollIntoView();`,
    `  });`,
    `</script>`,
  ].join("\n");
}
