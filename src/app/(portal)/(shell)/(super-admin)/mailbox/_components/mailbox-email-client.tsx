"use client";
// One email: who, status and attempts, then the HTML part in a sandboxed frame (no scripts, no
// same-origin: the email cannot touch the portal), the plain-text part, its links and headers.
import Link from "next/link";
import { ArrowLeft } from "lucide-react";
import { api } from "@/trpc/react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ErrorState } from "@/components/portal/error-state";
import { useDateFormat } from "@/components/portal/use-date-format";
import { EmailStatusBadge, KIND_LABELS } from "./status-badge";

/** fromAddress: the sender address every email goes out with (MAIL_FROM, or its default). */
export function MailboxEmailClient({ id, fromAddress }: { id: string; fromAddress: string }) {
  const { dateTime } = useDateFormat();
  const when = (iso: string | null) => (iso ? dateTime(iso) : "—");
  const email = api.superAdmin.mailboxEmail.useQuery({ id }, { refetchInterval: (q) => (q.state.data?.status === "pending" ? 3_000 : false) });
  const back = (
    <Link href="/mailbox" className="inline-flex items-center gap-1 text-sm text-muted-foreground underline-offset-4 hover:underline">
      <ArrowLeft className="size-4" aria-hidden="true" /> Mailbox
    </Link>
  );
  if (email.isPending) {
    return (
      <div className="space-y-4" role="status" aria-label="Loading the email">
        {back}
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  if (email.isError) {
    return (
      <div className="space-y-4">
        {back}
        <ErrorState error={email.error} retry={email.error.data?.code === "NOT_FOUND" ? undefined : () => void email.refetch()} title="This email could not be opened" />
      </div>
    );
  }
  const e = email.data;
  const extraHeaders = Object.entries(e.headers);
  return (
    <div className="space-y-6">
      {back}
      <div>
        <h1 className="text-2xl font-semibold tracking-tight break-words">{e.subject}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{KIND_LABELS[e.kind] ?? e.kind}</p>
      </div>
      <Card>
        <CardContent>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="text-muted-foreground">To</dt>
            <dd className="break-all">{e.to}</dd>
            <dt className="text-muted-foreground">From</dt>
            <dd className="break-words">
              {e.fromName || "Perkway"} &lt;{fromAddress}&gt;
            </dd>
            {e.replyTo ? (
              <>
                <dt className="text-muted-foreground">Reply-To</dt>
                <dd className="break-all">{e.replyTo}</dd>
              </>
            ) : null}
            {e.partnerName ? (
              <>
                <dt className="text-muted-foreground">Partner</dt>
                <dd>
                  {e.partnerName}
                  {e.environment ? ` (${e.environment === "test" ? "sandbox" : "live"})` : ""}
                </dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">Status</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <EmailStatusBadge status={e.status} attempts={e.attempts} />
              <span>
                {e.attempts} attempt{e.attempts === 1 ? "" : "s"}
                {e.status === "pending" && e.nextAttemptAt ? `, next at ${when(e.nextAttemptAt)}` : ""}
                {e.sentAt ? `, sent ${when(e.sentAt)}` : ""}
              </span>
            </dd>
            {e.lastError ? (
              <>
                <dt className="text-muted-foreground">Last error</dt>
                <dd className="font-mono text-xs break-words text-destructive">{e.lastError}</dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">Written</dt>
            <dd>{when(e.createdAt)}</dd>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Links</CardTitle>
        </CardHeader>
        <CardContent>
          {e.links.length ? (
            <ul className="space-y-2 text-sm" aria-label="Links in this email">
              {e.links.map((l) => (
                <li key={l}>
                  <a href={l} className="break-all text-primary underline underline-offset-4" target="_blank" rel="noreferrer noopener">
                    {l}
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">This email has no links.</p>
          )}
        </CardContent>
      </Card>
      <Tabs defaultValue="html">
        <TabsList aria-label="Part of the email">
          <TabsTrigger value="html">HTML</TabsTrigger>
          <TabsTrigger value="text">Plain text</TabsTrigger>
          <TabsTrigger value="headers">Headers</TabsTrigger>
        </TabsList>
        <TabsContent value="html">
          <iframe title={`HTML part of “${e.subject}”`} sandbox="allow-popups allow-popups-to-escape-sandbox" srcDoc={e.html} className="h-[640px] w-full rounded-md border bg-white" />
        </TabsContent>
        <TabsContent value="text">
          <pre className="max-h-[640px] overflow-auto rounded-md border bg-muted/40 p-4 text-sm whitespace-pre-wrap break-words" data-testid="email-text">
            {e.text}
          </pre>
        </TabsContent>
        <TabsContent value="headers">
          <dl className="grid gap-x-6 gap-y-2 rounded-md border p-4 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="text-muted-foreground">Message-ID</dt>
            <dd className="font-mono text-xs break-all">&lt;{e.id}@{fromAddress.split("@")[1] ?? "localhost"}&gt;</dd>
            {extraHeaders.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-muted-foreground">{k}</dt>
                <dd className="font-mono text-xs break-all">{v}</dd>
              </div>
            ))}
          </dl>
        </TabsContent>
      </Tabs>
    </div>
  );
}
