// The host routing of the signed hand-off in the widget: /embed/{subdomain}?handoff=… goes to the
// hand-off route handler with the widget's surface headers; without the parameter, to the widget's page.
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { seedPartner } from "../helpers/seed";

async function route(url: string) {
  const res = await proxy(new NextRequest(url, { headers: { host: new URL(url).host } }));
  const rewrite = res.headers.get("x-middleware-rewrite");
  return { rewrite: rewrite ? new URL(rewrite) : null, headers: res.headers };
}

describe("/embed/{subdomain}?handoff=", () => {
  it("is rewritten to the hand-off handler, keeping the token, as the widget surface", async () => {
    const { partner } = await seedPartner();
    const r = await route(`http://perkway.test/embed/${partner.subdomain}?handoff=abc.def.ghi&next=/perks`);
    expect(r.rewrite?.pathname).toBe(`/p/${partner.subdomain}/auth/handoff`);
    expect(r.rewrite?.searchParams.get("handoff")).toBe("abc.def.ghi");
    expect(r.headers.get("x-middleware-request-x-perkway-surface")).toBe("embed");
    expect(r.headers.get("x-middleware-request-x-perkway-base")).toBe(`/embed/${partner.subdomain}`);
  });

  it("leaves the widget's own page alone without the parameter, and does not rewrite the hosted app's root", async () => {
    const { partner } = await seedPartner();
    expect((await route(`http://perkway.test/embed/${partner.subdomain}?q=x`)).rewrite?.pathname).toBe(`/p/${partner.subdomain}`);
    const hosted = await route(`http://perkway.test/p/${partner.subdomain}?handoff=abc`);
    expect(hosted.rewrite).toBeNull();
  });
});
