"use client";
// Bottom right (bottom on phones): a toast never covers the header's switch, sign-out or a dialog's title.
import { Toaster as Sonner, type ToasterProps } from "sonner";

export function Toaster(props: ToasterProps) {
  return <Sonner className="toaster group" position="bottom-right" richColors closeButton {...props} />;
}
