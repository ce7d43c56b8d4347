"use client";
// Every email Perkway sends for this partner, rendered with the saved branding and sample data:
// pick one, see its subject, sender and both parts. The HTML sits in a sandboxed frame.
import { useState } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ErrorState } from "@/components/portal/error-state";
import { FilterSelect } from "@/components/portal/filter-select";
import { api } from "@/trpc/react";

export function EmailPreviewsCard() {
  const previews = api.settings.emailPreviews.useQuery(undefined, { staleTime: 30_000 });
  const [name, setName] = useState("member_sign_in");
  const current = previews.data?.find((p) => p.name === name) ?? previews.data?.[0];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Email previews</CardTitle>
        <CardDescription>What your members and admins receive, with your saved name, logo and colour. Save your settings to see a change here.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {previews.isPending ? (
          <div role="status" aria-label="Loading email previews" className="space-y-3">
            <Skeleton className="h-9 w-64" />
            <Skeleton className="h-96 w-full" />
          </div>
        ) : previews.isError ? (
          <ErrorState error={previews.error} retry={() => void previews.refetch()} title="The previews could not be rendered" />
        ) : current ? (
          <>
            <FilterSelect id="email-preview" label="Email" value={current.name} onChange={setName} options={previews.data.map((p) => ({ value: p.name, label: p.label }))} triggerClassName="sm:w-72" />
            <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
              <dt className="text-muted-foreground">Subject</dt>
              <dd className="break-words font-medium" data-testid="preview-subject">
                {current.subject}
              </dd>
              <dt className="text-muted-foreground">From</dt>
              <dd className="break-words">{current.from}</dd>
              {current.replyTo ? (
                <>
                  <dt className="text-muted-foreground">Reply-To</dt>
                  <dd className="break-all">{current.replyTo}</dd>
                </>
              ) : null}
            </dl>
            <Tabs defaultValue="html">
              <TabsList aria-label="Part of the email">
                <TabsTrigger value="html">HTML</TabsTrigger>
                <TabsTrigger value="text">Plain text</TabsTrigger>
              </TabsList>
              <TabsContent value="html">
                <iframe title={`Preview of “${current.label}”`} sandbox="" srcDoc={current.html} className="h-[560px] w-full rounded-md border bg-white" />
              </TabsContent>
              <TabsContent value="text">
                <pre tabIndex={0} aria-label={`Plain text of “${current.label}”`} className="max-h-[560px] overflow-auto rounded-md border bg-muted/40 p-4 text-sm whitespace-pre-wrap break-words">{current.text}</pre>
              </TabsContent>
            </Tabs>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
