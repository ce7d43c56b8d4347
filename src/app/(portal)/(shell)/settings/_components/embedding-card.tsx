"use client";
// Settings → Embedding: the origins allowed to frame the widget, and its embed snippet.
import { CopyButton } from "@/components/portal/copy-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Textarea } from "@/components/ui/textarea";
import type { SettingsFormState } from "./use-settings-form";

export function EmbeddingCard({ state: { form, hosting } }: { state: SettingsFormState }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Embedding</CardTitle>
        <CardDescription>The widget can be framed only by the origins listed here; every other site is refused by the browser.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-2">
        <FormField
          control={form.control}
          name="origins"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Allowed iframe origins</FormLabel>
              <FormControl>
                <Textarea {...field} rows={4} className="font-mono" placeholder={"https://app.example.com\nhttps://www.example.com"} spellCheck={false} />
              </FormControl>
              <FormDescription>One origin per line: scheme, host and optional port, no path (https://app.example.com).</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="grid content-start gap-2">
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm font-medium" id="embed-snippet-label">
              Embed snippet
            </p>
            <CopyButton value={hosting.embed_snippet} label="Copy embed snippet" />
          </div>
          <pre className="max-w-full overflow-x-auto rounded-md border bg-muted p-3 text-xs" aria-labelledby="embed-snippet-label" tabIndex={0} data-testid="embed-snippet">
            {hosting.embed_snippet}
          </pre>
          <p className="text-xs text-muted-foreground">Paste it where the perks should appear; the script resizes the frame to its content. It uses your saved address (your custom domain when you have one).</p>
        </div>
      </CardContent>
    </Card>
  );
}
