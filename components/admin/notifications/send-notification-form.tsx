"use client";

import { useEffect, useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { isSameOriginPath, SAME_ORIGIN_PATH_MESSAGE } from "@/lib/schemas/link-checks";
import { NOTIFICATION_BODY_MAX, NOTIFICATION_TITLE_MAX } from "@/lib/schemas/notifications";
import { sendNotification } from "@/lib/api/notifications";
import { errorMessage } from "@/lib/api/errors";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { TextAreaField } from "@/components/ui/text-area-field";
import { TextField } from "@/components/ui/text-field";
import styles from "./send-notification-form.module.css";

type Audience = "all" | "verified" | "user";
type FieldErrors = Partial<Record<"userId" | "title" | "body" | "link", string>>;

const AUDIENCES: readonly { value: Audience; label: string }[] = [
  { value: "all", label: "Todas las cuentas" },
  { value: "verified", label: "Cuentas verificadas" },
  { value: "user", label: "Una persona" },
];

/** /panel/notifications (docs/product.md#routes): send to everyone, to verified accounts, or to one person. */
export function SendNotificationForm() {
  const [audience, setAudience] = useState<Audience>("all");
  const [userId, setUserId] = useState("");
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [link, setLink] = useState("");
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [sent, setSent] = useState<number | null>(null);
  const send = useMutation({ mutationFn: sendNotification, onSuccess: (result) => setSent(result.sent) });

  // From a user row of the panel: /panel/notifications/?userId=… (read after mount; the page is
  // prerendered without a query).
  useEffect(() => {
    const fromUrl = new URLSearchParams(window.location.search).get("userId");
    if (!fromUrl) return;
    const timer = setTimeout(() => {
      setAudience("user");
      setUserId(fromUrl);
    }, 0);
    return () => clearTimeout(timer);
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSent(null);
    const errors: FieldErrors = {};
    if (audience === "user" && userId.trim() === "") errors.userId = "Escribe el id de la persona.";
    if (title.trim() === "") errors.title = "El título es obligatorio.";
    if (body.trim() === "") errors.body = "El mensaje es obligatorio.";
    if (link.trim() !== "" && !isSameOriginPath(link.trim())) errors.link = SAME_ORIGIN_PATH_MESSAGE;
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    send.mutate({
      audience,
      ...(audience === "user" ? { userId: userId.trim() } : {}),
      title: title.trim(),
      body: body.trim(),
      link: link.trim() || null,
    });
  }

  return (
    <form className="form card" onSubmit={onSubmit} noValidate aria-label="Enviar notificación">
      <fieldset className={styles.recipients}>
        <legend className="field__label">Destinatarios</legend>
        {AUDIENCES.map((option) => (
          <label key={option.value} className="actions">
            <input type="radio" name="audience" value={option.value} checked={audience === option.value} onChange={() => setAudience(option.value)} />
            {option.label}
          </label>
        ))}
      </fieldset>
      {audience === "user" ? (
        <TextField
          label="Id de la persona"
          name="userId"
          required
          hint="Búscalo en Usuarios y usa «Enviar notificación»."
          value={userId}
          error={fieldErrors.userId}
          onChange={(e) => setUserId(e.target.value)}
        />
      ) : null}
      <TextField label="Título" name="title" required maxLength={NOTIFICATION_TITLE_MAX} value={title} error={fieldErrors.title} onChange={(e) => setTitle(e.target.value)} />
      <TextAreaField label="Mensaje" name="body" required maxLength={NOTIFICATION_BODY_MAX} value={body} error={fieldErrors.body} onChange={(e) => setBody(e.target.value)} />
      <TextField
        label="Enlace (opcional)"
        name="link"
        placeholder="/events/…"
        hint="Una ruta de la app que se abre al tocar la notificación."
        value={link}
        error={fieldErrors.link}
        onChange={(e) => setLink(e.target.value)}
      />
      <FormAlert message={send.isError ? errorMessage(send.error) : null} />
      {sent !== null ? (
        <p className="form-success" role="status">
          Notificación enviada a {sent} {sent === 1 ? "cuenta" : "cuentas"}.
        </p>
      ) : null}
      <div className="actions">
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? "Enviando..." : "Enviar notificación"}
        </Button>
      </div>
    </form>
  );
}
