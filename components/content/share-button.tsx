"use client";

import { Button } from "@/components/ui/button";
import { notify } from "@/lib/toast/notify";

/** The system share sheet where there is one; otherwise the link goes to the clipboard. */
export function ShareButton({ title, text }: { title: string; text?: string }) {
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        if ((error as { name?: string }).name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      notify("success", "Enlace copiado.");
    } catch {
      window.prompt("Copia el enlace:", url);
    }
  };
  return (
    <Button variant="ghost" onClick={() => void share()}>
      Compartir
    </Button>
  );
}
