"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { moderationLogQueries } from "@/lib/api/moderation-log";
import type { ContentKind } from "@/lib/schemas/content";
import type { ModerationLogEntry } from "@/lib/schemas/moderation-log";
import { formatDateTime } from "@/lib/format/long-dates";
import { InfiniteList } from "@/components/content/infinite-list";
import textStyles from "@/components/ui/text.module.css";

// /moderation: the public log of what the moderators did to content, so anyone can see that the
// rules are applied and why. Items are named as they were called then; no one's identity.

const KIND_TEXT: Record<ContentKind, string> = { events: "Evento", places: "Lugar", news: "Noticia", communities: "Comunidad" };
const ACTION_TEXT: Record<ModerationLogEntry["action"], string> = { hide: "Ocultado", unhide: "Visible de nuevo", delete: "Borrado" };

function Entry({ entry }: { entry: ModerationLogEntry }) {
  return (
    <article>
      <h2 style={{ margin: 0, fontSize: "inherit" }}>
        {ACTION_TEXT[entry.action]}: {KIND_TEXT[entry.kind]} «{entry.label ?? "sin nombre"}»
      </h2>
      <p className={textStyles.small}>
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
        {entry.reason ? ` · Motivo: ${entry.reason}` : ""}
      </p>
    </article>
  );
}

export function ModerationLogView() {
  const query = useInfiniteQuery(moderationLogQueries.list());
  return (
    <>
      <p>
        Aquí queda lo que el equipo de moderación ocultó, volvió a mostrar o borró, y por qué. No se publica quién lo reportó ni
        quién lo moderó.
      </p>
      <InfiniteList<ModerationLogEntry>
        query={query}
        label="Registro de moderación, lo más reciente primero"
        renderItem={(entry) => <Entry entry={entry} />}
        empty="Aún no hay acciones de moderación."
        emptyHint="Cuando se oculte o borre algo, aparecerá aquí con su motivo."
        end="No hay más acciones."
      />
    </>
  );
}
