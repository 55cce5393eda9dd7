"use client";

import { useState } from "react";
import { embedFrameSnippet, embedPageUrl, embedScriptSnippet, type EmbedOptions, type EmbedSubject } from "@/lib/api/embed";
import { EMBED_LIMIT_DEFAULT, type EmbedLayout, type EmbedTheme } from "@/lib/schemas/embed-options";
import { notify } from "@/lib/toast/notify";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { SelectField } from "@/components/ui/select-field";
import { TextAreaField } from "@/components/ui/text-area-field";
import textStyles from "@/components/ui/text.module.css";
import styles from "./embed-agenda.module.css";

const LIMITS = [3, 5, 10, 20] as const;

/**
 * "Insertar en tu sitio": builds the code a venue or a community pastes into its own site to
 * show these upcoming events (server/routes/embed), with a live preview of exactly that agenda.
 */
export function EmbedAgenda({ subject, title }: { subject: EmbedSubject; title: string }) {
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<EmbedOptions>({ theme: "light", layout: "compact", limit: EMBED_LIMIT_DEFAULT });
  const frameTitle = `Agenda de Plaza: ${title}`;
  const script = embedScriptSnippet(subject, options, frameTitle);
  const frame = embedFrameSnippet(subject, options, frameTitle);

  function copy(code: string, what: string) {
    void navigator.clipboard.writeText(code).then(
      () => notify("success", `${what} copiado.`),
      () => notify("danger", "No se pudo copiar; selecciona el código y cópialo."),
    );
  }

  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)} aria-haspopup="dialog">
        Insertar en tu sitio
      </Button>
      <Dialog
        open={open}
        title={`Insertar en tu sitio: ${title}`}
        description="Pega este código en tu página web y mostrará estos próximos eventos, siempre al día, con enlaces a Plaza."
        onClose={() => setOpen(false)}
      >
        <div className={styles.options}>
          <SelectField label="Tema" value={options.theme} onChange={(e) => setOptions({ ...options, theme: e.target.value as EmbedTheme })}>
            <option value="light">Claro</option>
            <option value="dark">Oscuro</option>
          </SelectField>
          <SelectField label="Diseño" value={options.layout} onChange={(e) => setOptions({ ...options, layout: e.target.value as EmbedLayout })}>
            <option value="compact">Compacto</option>
            <option value="images">Con imágenes</option>
          </SelectField>
          <SelectField label="Número de eventos" value={String(options.limit)} onChange={(e) => setOptions({ ...options, limit: Number(e.target.value) })}>
            {LIMITS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </SelectField>
        </div>
        <TextAreaField label="Código para tu sitio" hint="Una línea: inserta la agenda y ajusta su altura." readOnly rows={3} value={script} onFocus={(e) => e.target.select()} />
        <div className="actions">
          <Button variant="secondary" data-autofocus onClick={() => copy(script, "Código")}>
            Copiar código
          </Button>
        </div>
        <TextAreaField label="Solo iframe" hint="Para sitios que no permiten scripts; la altura es fija." readOnly rows={3} value={frame} onFocus={(e) => e.target.select()} />
        <div className="actions">
          <Button variant="ghost" onClick={() => copy(frame, "Iframe")}>
            Copiar iframe
          </Button>
        </div>
        <p className={textStyles.small}>Vista previa</p>
        {open ? <iframe className={styles.preview} title={`Vista previa: ${frameTitle}`} src={embedPageUrl(subject, options)} loading="lazy" /> : null}
        <div className="actions">
          <Button variant="primary" onClick={() => setOpen(false)}>
            Cerrar
          </Button>
        </div>
      </Dialog>
    </>
  );
}
