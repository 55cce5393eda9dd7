"use client";

import { useId, useState } from "react";
import { FEED_FORMATS, feedUrl } from "@/lib/api/feeds";
import { notify } from "@/lib/toast/notify";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import textStyles from "@/components/ui/text.module.css";
import { useFeedLinks, type FeedLinksProps } from "./feed-links";

export interface SubscribeFeedProps extends FeedLinksProps {
  /** The button's words when a page offers two feeds (a community's events and its news). */
  label?: string;
}

/**
 * Advertises the feeds of the page with <link rel="alternate"> in the document head while it
 * is shown (pages of dynamic ids are rendered in the browser, so their metadata cannot say it),
 * and offers them with a "Suscribirse" button: RSS, Atom and JSON Feed addresses to copy.
 */
export function SubscribeFeed({ scope, query = {}, title, label = "Suscribirse" }: SubscribeFeedProps) {
  const [open, setOpen] = useState(false);
  const baseId = useId();

  useFeedLinks(scope, query, title);

  function copy(url: string) {
    void navigator.clipboard.writeText(url).then(
      () => notify("success", "Dirección copiada."),
      () => notify("danger", "No se pudo copiar; selecciona la dirección y cópiala."),
    );
  }

  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {label}
      </Button>
      <Dialog
        open={open}
        title={`Suscribirse: ${title}`}
        description="Copia esta dirección en tu lector de noticias (Feedly, Inoreader, NetNewsWire…) y verás lo nuevo sin entrar a Plaza."
        onClose={() => setOpen(false)}
      >
        {FEED_FORMATS.map(({ format, label }) => {
          const url = feedUrl(scope, format, query);
          const inputId = `${baseId}-${format}`;
          return (
            <div className="field" key={format}>
              <label className="field__label" htmlFor={inputId}>
                {label}
              </label>
              <input id={inputId} className="field__input" readOnly value={url} onFocus={(e) => e.target.select()} />
              <div className="actions">
                <Button variant="secondary" onClick={() => copy(url)} aria-label={`Copiar dirección ${label}`}>
                  Copiar
                </Button>
                <a className="button button--ghost" href={url} target="_blank" rel="noopener noreferrer">
                  Abrir {label}
                </a>
              </div>
            </div>
          );
        })}
        <p className={textStyles.small}>RSS sirve en casi todos los lectores; Atom y JSON Feed son alternativas equivalentes.</p>
        <div className="actions">
          <Button variant="primary" data-autofocus onClick={() => setOpen(false)}>
            Cerrar
          </Button>
        </div>
      </Dialog>
    </>
  );
}
