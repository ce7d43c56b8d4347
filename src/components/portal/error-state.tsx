"use client";
import { AlertTriangle } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** The message of a tRPC / fetch error as the user should read it. */
export function errorMessage(error: unknown): string {
  if (error && typeof error === "object" && "message" in error && typeof (error as { message: unknown }).message === "string") {
    const message = (error as { message: string }).message;
    if (message && !/^(fetch failed|Failed to fetch|NetworkError)/i.test(message)) return message;
    return "We could not reach Perkway. Check your connection and try again.";
  }
  return "Something went wrong.";
}

/** What happened and what to do next, with a retry when the caller can offer one. */
export function ErrorState({ error, retry, title = "This could not be loaded" }: { error: unknown; retry?: () => void; title?: string }) {
  return (
    <Alert variant="destructive">
      <AlertTriangle aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{errorMessage(error)}</p>
        <p>{retry ? "Try again; if it keeps failing, reload the page or contact support." : "Reload the page; if it keeps failing, contact support."}</p>
        {retry ? (
          <Button variant="outline" size="sm" className="mt-2" onClick={retry}>
            Try again
          </Button>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}
