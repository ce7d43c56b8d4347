"use client";
// "Test sign-in": asks the server for a one-time test link, then runs it in a new tab, which ends on
// a report of what the identity provider sent and what a real sign-in would do. The tab is opened
// on the click itself (a tab opened after an await is a blocked popup) and pointed at the link when
// it arrives; when the browser gives no tab, the link is shown to open by hand.
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { api } from "@/trpc/react";

export function TestSignInButton() {
  const test = api.memberSignIn.testSignIn.useMutation();
  const [fallback, setFallback] = useState<string | null>(null);

  async function run() {
    setFallback(null);
    const tab = window.open("", "_blank");
    try {
      const { url } = await test.mutateAsync();
      if (tab && !tab.closed) {
        tab.opener = null;
        tab.location.href = url;
      } else setFallback(url);
    } catch (error) {
      tab?.close();
      toast.error((error as Error).message);
    }
  }

  return (
    <div>
      <Button type="button" variant="outline" size="sm" onClick={run} disabled={test.isPending}>
        {test.isPending ? "Starting test…" : "Test sign-in"}
      </Button>
      <p className="mt-1 text-xs text-muted-foreground">
        Runs the sign-in in a new tab and reports what your identity provider sent (claims, mapped profile, and who would sign in). Nobody is signed in and nothing changes.
      </p>
      {fallback ? (
        <p className="mt-1 text-sm">
          <a className="underline" href={fallback} target="_blank" rel="noopener noreferrer">
            Open the test sign-in
          </a>{" "}
          (works once, for five minutes)
        </p>
      ) : null}
    </div>
  );
}
