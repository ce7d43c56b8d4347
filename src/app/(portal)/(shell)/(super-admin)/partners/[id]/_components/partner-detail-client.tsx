"use client";
// One partner: facts, "Edit settings", activation, key pairs (rotate on the partner's behalf: the new
// private key is shown once), admins, and "View as" (the partner's portal, read-only).
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Eye, KeyRound } from "lucide-react";
import { toast } from "sonner";
import { api, type RouterOutputs } from "@/trpc/react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { ConfirmDialog } from "@/components/portal/confirm-dialog";
import { DetailPage } from "@/components/portal/detail-page";
import { PageHeader } from "@/components/portal/page-header";
import { useDateFormat } from "@/components/portal/use-date-format";
import { SecretField } from "../../_components/create-partner-dialog";
import { DELIVERY_NAMES } from "../../_components/partners-client";
import { EditPartnerDialog } from "./edit-partner-dialog";

type Detail = RouterOutputs["superAdmin"]["getPartner"];
type Rotated = RouterOutputs["superAdmin"]["rotatePartnerKeys"];
const ENV_NAME = { live: "Live", test: "Sandbox" } as const;

export function PartnerDetailClient({ partnerId }: { partnerId: string }) {
  const detail = api.superAdmin.getPartner.useQuery({ partnerId }, { retry: (n, e) => e.data?.code !== "NOT_FOUND" && n < 2 });

  return (
    <DetailPage back={{ href: "/partners", label: "All partners" }} query={detail} loadingLabel="Loading partner">
      {(data) => <PartnerDetail detail={data} />}
    </DetailPage>
  );
}

function PartnerDetail({ detail }: { detail: Detail }) {
  const { partner } = detail;
  const { dateTime } = useDateFormat();
  const router = useRouter();
  const utils = api.useUtils();
  const [rotated, setRotated] = useState<Rotated | null>(null);
  const refresh = () => Promise.all([utils.superAdmin.getPartner.invalidate({ partnerId: partner.id }), utils.superAdmin.listPartners.invalidate()]);

  const setActive = api.superAdmin.setPartnerActive.useMutation({
    onSuccess: async (p) => {
      toast.success(p.active ? `${p.name} is active again` : `${p.name} is deactivated`);
      await refresh();
    },
    onError: (e) => toast.error(e.message),
  });
  const rotate = api.superAdmin.rotatePartnerKeys.useMutation({
    onSuccess: async (r) => {
      setRotated(r);
      toast.success(`New ${ENV_NAME[r.environment].toLowerCase()} key pair issued`);
      await refresh();
    },
    onError: (e) => toast.error(e.message),
  });
  const viewAs = api.superAdmin.viewAs.useMutation({
    onSuccess: () => {
      router.push("/");
      router.refresh();
    },
    onError: (e) => toast.error(e.message),
  });

  return (
    <>
      <PageHeader
        title={partner.name}
        description={`${partner.type} · ${partner.subdomain}`}
        actions={
          <div className="flex min-w-0 max-w-full flex-wrap gap-2">
            <EditPartnerDialog partner={partner} onSaved={refresh} />
            {/* A long partner name is cut inside the button, not past the page (issue 44: 475 px at 375). */}
            <Button variant="outline" className="max-w-full overflow-hidden" title={`View as ${partner.name} (read-only)`} onClick={() => viewAs.mutate({ partnerId: partner.id })} disabled={viewAs.isPending}>
              <Eye aria-hidden /> <span className="min-w-0 truncate">View as {partner.name} (read-only)</span>
            </Button>
            {partner.active ? (
              <ConfirmDialog
                trigger={<Button variant="destructive">Deactivate partner</Button>}
                title={`Deactivate ${partner.name}?`}
                description={`Its API keys stop working on their next request (403 partner_inactive), its hosted app goes offline and its admins are signed out. Members and deals are kept; you can activate it again.`}
                confirmLabel={`Deactivate ${partner.name}`}
                destructive
                onConfirm={() => setActive.mutateAsync({ partnerId: partner.id, active: false })}
              />
            ) : (
              <Button onClick={() => setActive.mutate({ partnerId: partner.id, active: true })} disabled={setActive.isPending}>
                Activate partner
              </Button>
            )}
          </div>
        }
      />

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Partner</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Status</dt>
              <dd>
                <Badge variant={partner.active ? "default" : "secondary"}>{partner.active ? "Active" : "Inactive"}</Badge>
              </dd>
              <dt className="text-muted-foreground">Type</dt>
              <dd>{partner.type}</dd>
              <dt className="text-muted-foreground">Regions</dt>
              <dd>{partner.regions.length ? partner.regions.join(", ") : "None set"}</dd>
              <dt className="text-muted-foreground">Subdomain</dt>
              <dd className="font-mono break-all">{partner.subdomain}</dd>
              <dt className="text-muted-foreground">Delivery</dt>
              <dd>{DELIVERY_NAMES[partner.delivery_method] ?? partner.delivery_method}</dd>
              <dt className="text-muted-foreground">Freemium</dt>
              <dd>{partner.freemium_enabled ? "On" : "Off"}</dd>
              <dt className="text-muted-foreground">Upgrade link</dt>
              <dd className="break-all">{partner.upgrade_url ?? "None"}</dd>
              <dt className="text-muted-foreground">Support email</dt>
              <dd className="break-all">{partner.support_email ?? "None"}</dd>
              <dt className="text-muted-foreground">Members</dt>
              <dd>
                {detail.members.live} live · {detail.members.test} sandbox
              </dd>
              <dt className="text-muted-foreground">Partner id</dt>
              <dd className="font-mono text-xs break-all">{partner.id}</dd>
            </dl>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>API keys</CardTitle>
            <CardDescription>Rotate on the partner&rsquo;s behalf, e.g. when a private key leaked. The new private key is shown once.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <ul className="space-y-3">
              {detail.key_pairs.map((k) => (
                <li key={k.id} className="rounded-md border p-3 text-sm">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge variant={k.environment === "live" ? "default" : "warning"}>{ENV_NAME[k.environment]}</Badge>
                    {k.expires_at ? <Badge variant="outline">Expires {dateTime(k.expires_at)}</Badge> : null}
                  </div>
                  <p className="mt-2 font-mono text-xs break-all">{k.public_key}</p>
                  <p className="text-muted-foreground mt-1 text-xs">Last used: {k.last_used_at ? dateTime(k.last_used_at) : "never"}</p>
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap gap-2">
              {(["live", "test"] as const).map((env) => (
                <ConfirmDialog
                  key={env}
                  trigger={
                    <Button variant="outline">
                      <KeyRound aria-hidden /> Rotate {ENV_NAME[env].toLowerCase()} key
                    </Button>
                  }
                  title={`Rotate ${partner.name}'s ${ENV_NAME[env].toLowerCase()} key?`}
                  description={`A new ${ENV_NAME[env].toLowerCase()} key pair is issued; the current one stops authenticating. The partner must switch its backend to the new private key.`}
                  confirmLabel={`Rotate ${ENV_NAME[env].toLowerCase()} key`}
                  destructive
                  onConfirm={() => rotate.mutateAsync({ partnerId: partner.id, environment: env })}
                />
              ))}
            </div>
            {rotated ? (
              <div className="space-y-3 rounded-md border p-3">
                <p className="text-sm font-medium">New {ENV_NAME[rotated.environment].toLowerCase()} key pair (shown once)</p>
                <SecretField label={`New ${ENV_NAME[rotated.environment].toLowerCase()} public key`} value={rotated.public_key} />
                <SecretField label={`New ${ENV_NAME[rotated.environment].toLowerCase()} private key`} value={rotated.private_key} />
              </div>
            ) : null}
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Admins</CardTitle>
          <CardDescription>Invited admins have not chosen a password yet.</CardDescription>
        </CardHeader>
        <CardContent>
          {detail.admins.length === 0 ? (
            <p className="text-muted-foreground text-sm">No admin yet. Create one with the CLI: admin:create --role partner_admin --partner {partner.id}</p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Email</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead className="hidden sm:table-cell">Last sign-in</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {detail.admins.map((a) => (
                  <TableRow key={a.id}>
                    <TableCell className="break-all">{a.email}</TableCell>
                    <TableCell>
                      <Badge variant={a.status === "active" ? "default" : "outline"}>{a.status === "active" ? "Active" : "Invited"}</Badge>
                    </TableCell>
                    <TableCell className="hidden sm:table-cell">{a.last_login_at ? dateTime(a.last_login_at) : "Never"}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </>
  );
}
