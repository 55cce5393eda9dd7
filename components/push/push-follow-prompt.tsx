"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { pushState, pushSupported } from "@/lib/api/push";
import { usePushState } from "./use-push-state";
import styles from "./push.module.css";

/** Set once the offer was answered (either way): it is made one time per browser. */
export const PROMPT_DISMISSED_KEY = "plaza:push-prompt-dismissed";

function alreadyAnswered(): boolean {
  try {
    return window.localStorage.getItem(PROMPT_DISMISSED_KEY) !== null;
  } catch {
    return true; // Storage blocked: never nag on every follow.
  }
}

function remember(): void {
  try {
    window.localStorage.setItem(PROMPT_DISMISSED_KEY, new Date().toISOString());
  } catch {
    // Nothing to do: the prompt just may come back.
  }
}

/**
 * After a follow (the button turns to 'Siguiendo' in this view), offers push once: people who
 * follow something want to hear about it. Not shown where push cannot work or was already decided.
 */
export function PushFollowPrompt({ following }: { following: boolean }) {
  const wasFollowing = useRef(following);
  const [open, setOpen] = useState(false);
  const { busy, error, enable } = usePushState({ read: false });

  useEffect(() => {
    const justFollowed = following && !wasFollowing.current;
    wasFollowing.current = following;
    if (!justFollowed || !pushSupported() || alreadyAnswered()) return;
    void pushState().then((current) => setOpen(current === "off"));
  }, [following]);

  if (!open) return null;
  const dismiss = () => {
    remember();
    setOpen(false);
  };
  const accept = async () => {
    // Answered in the browser's own dialog, yes or no: the offer is done either way.
    const result = await enable();
    if (result === "on" || result === "denied") dismiss();
  };
  return (
    <div className={styles.prompt} role="region" aria-label="Activar notificaciones">
      <p>¿Quieres enterarte de las novedades de lo que sigues aunque no tengas Plaza abierta?</p>
      <FormAlert message={error} />
      <div className="actions">
        <Button onClick={() => void accept()} disabled={busy}>
          {busy ? "Activando..." : "Activar notificaciones"}
        </Button>
        <Button variant="ghost" onClick={dismiss}>
          Ahora no
        </Button>
      </div>
    </div>
  );
}
