"use client";
// What a member sees when a page of the hosted app or the widget fails on the server: what happened
// in plain words and a way to try again, in the page's place (the partner's header, branding and, in
// the widget, the frame's height stay). Plain class strings: no ui primitive's class helpers in the
// error pages' JavaScript.
import type { ServerErrorWords } from "./server-error-words";
import { wordsT } from "./words";

type Props = { words: ServerErrorWords; digest?: string; onRetry: () => void };

export function ServerErrorPanel({ words, digest, onRetry }: Props) {
  return (
    <section className="mx-auto max-w-xl py-10 text-center sm:py-12" data-testid="hosted-error" aria-labelledby="hosted-error-title">
      <h1 id="hosted-error-title" className="text-2xl font-bold text-foreground">
        {words.title}
      </h1>
      <p className="mt-3 text-muted-foreground">{words.text}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-6 inline-flex h-10 items-center justify-center rounded-md bg-primary px-6 text-sm font-medium text-primary-foreground shadow-xs outline-none hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {words.retry}
      </button>
      {digest ? <p className="mt-6 text-xs text-muted-foreground">{wordsT(words)("reference", { digest })}</p> : null}
    </section>
  );
}
