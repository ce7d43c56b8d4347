"use client";
// Settings → Member digests (contract section 19): how often live members get "New deals you can
// claim" (off / weekly / monthly; ending-soon reminders follow it), and a preview of the next digest
// one chosen live member would get if it ran now (digests are live-only: the picker and the preview
// use live members whatever the Live / Sandbox switch says). A member who joined this period gets
// no digest in it: the preview says when their first one comes. The email's HTML sits in a
// sandboxed frame, like the email previews; nothing is sent or recorded.
import { useState } from "react";
import { toast } from "sonner";
import { ErrorState } from "@/components/portal/error-state";
import { MemberPicker } from "@/components/portal/member-picker";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { formatDate } from "@/lib/format-date";
import { api } from "@/trpc/react";

type Frequency = "off" | "weekly" | "monthly";
// Digest days are UTC days: the portal's one date format, in UTC so no zone moves them a day.
const dayOf = (iso: string) => formatDate(iso);
const useLiveMembers = (q: string) => api.settings.searchDigestMembers.useQuery({ q });

const FREQUENCY_OPTIONS: { value: Frequency; label: string }[] = [
  { value: "weekly", label: "Weekly" },
  { value: "monthly", label: "Monthly" },
  { value: "off", label: "Off" },
];

export function DigestCard({ initial, readOnly }: { initial: Frequency; readOnly: boolean }) {
  const [frequency, setFrequency] = useState<Frequency>(initial);
  const [memberId, setMemberId] = useState<string | null>(null);
  const utils = api.useUtils();
  const save = api.settings.setDigestFrequency.useMutation({
    onSuccess: async (r) => {
      setFrequency(r.digest_frequency);
      toast.success(r.digest_frequency === "off" ? "Member digests are off" : `Member digests are ${r.digest_frequency}`);
      await Promise.all([utils.settings.get.invalidate(), utils.settings.previewDigest.invalidate()]);
    },
    onError: (err) => toast.error(err.message),
  });
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Member digests</CardTitle>
        <CardDescription>
          A &ldquo;New deals you can claim&rdquo; email to each live member, listing only deals they can claim that are new to them since their last digest; nothing is sent when nothing is
          new. Off also stops the &ldquo;ending soon&rdquo; reminders. Members can turn digests off in your deal app or with the link in each email.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="digest-frequency">Send digests</Label>
          <Select value={frequency} onValueChange={(v) => save.mutate({ digest_frequency: v as Frequency })} disabled={readOnly || save.isPending}>
            <SelectTrigger id="digest-frequency" className="w-full sm:w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {FREQUENCY_OPTIONS.map((o) => (
                <SelectItem key={o.value} value={o.value}>
                  {o.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <section aria-labelledby="digest-preview-heading" className="space-y-3">
          <h3 id="digest-preview-heading" className="text-sm font-semibold">
            Preview the next digest
          </h3>
          <p className="text-sm text-muted-foreground">Digests go to live members only, so the preview shows live members, also while you are in Sandbox.</p>
          {memberId ? (
            <>
              <Button type="button" variant="outline" size="sm" onClick={() => setMemberId(null)}>
                Choose another member
              </Button>
              <DigestPreview memberId={memberId} />
            </>
          ) : (
            <MemberPicker
              id="digest-member-search"
              onPick={setMemberId}
              pickLabel={(email) => `Preview the digest of ${email}`}
              listLabel="Live members to preview"
              noMembers="No live members yet: add live members over the API or an import first."
              useSearch={useLiveMembers}
            />
          )}
        </section>
      </CardContent>
    </Card>
  );
}

function DigestPreview({ memberId }: { memberId: string }) {
  const preview = api.settings.previewDigest.useQuery({ member_id: memberId }, { staleTime: 10_000 });
  if (preview.isPending) {
    return (
      <div role="status" aria-label="Rendering the digest" className="space-y-3">
        <Skeleton className="h-6 w-72" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  if (preview.isError) return <ErrorState error={preview.error} retry={() => void preview.refetch()} title="The digest could not be rendered" />;
  const p = preview.data;
  const heading = (
    <p className="text-sm">
      Next digest of <span className="font-medium [overflow-wrap:anywhere]">{p.member_email}</span> <Badge variant="outline">Live</Badge>
    </p>
  );
  if (p.first_digest) {
    const joined = p.first_digest.period === "monthly" ? "Joined this month" : "Joined this week";
    return (
      <div className="space-y-3" data-testid="digest-preview">
        {heading}
        <p role="note" className="rounded-md border bg-muted px-3 py-2 text-sm">
          {joined}: their first digest, on {dayOf(p.first_digest.on)}, will list what is new since {dayOf(p.first_digest.new_since)}. Nothing is sent to them this{" "}
          {p.first_digest.period === "monthly" ? "month" : "week"}: what they can claim now is their starting point.
          {p.digest_frequency === "off" ? " Digests are off for your members: turn them on for it to be sent." : ""}
          {p.digest_emails ? "" : " This member turned digest emails off: nothing would be sent to them."}
        </p>
      </div>
    );
  }
  const notes = [
    p.digest_frequency === "off" ? "Digests are off for your members: nothing would be sent." : null,
    p.digest_emails ? null : "This member turned digest emails off: nothing would be sent to them.",
  ].filter(Boolean);
  return (
    <div className="space-y-3" data-testid="digest-preview">
      {heading}
      {notes.map((n) => (
        <p key={n} role="note" className="rounded-md border bg-muted px-3 py-2 text-sm">
          {n}
        </p>
      ))}
      {!p.email ? (
        <p className="text-sm text-muted-foreground">Nothing is new for this member since their last digest: no digest would be sent now.</p>
      ) : (
        <>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium break-words">{p.email.subject}</span>
            <Badge variant="secondary">{p.new_deals === 1 ? "1 new deal" : `${p.new_deals} new deals`}</Badge>
          </p>
          <Tabs defaultValue="html">
            <TabsList aria-label="Part of the email">
              <TabsTrigger value="html">HTML</TabsTrigger>
              <TabsTrigger value="text">Plain text</TabsTrigger>
            </TabsList>
            <TabsContent value="html">
              <iframe title="Preview of the next digest" sandbox="" srcDoc={p.email.html} className="h-[560px] w-full rounded-md border bg-white" />
            </TabsContent>
            <TabsContent value="text">
              <pre tabIndex={0} aria-label="Plain text of the next digest" className="max-h-[560px] overflow-auto rounded-md border bg-muted/40 p-4 text-sm whitespace-pre-wrap break-words">{p.email.text}</pre>
            </TabsContent>
          </Tabs>
        </>
      )}
    </div>
  );
}
