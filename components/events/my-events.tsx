"use client";

import { useState } from "react";
import { useAtomValue } from "jotai";
import { eventQueries } from "@/lib/api/events";
import type { EventListItem } from "@/lib/schemas/events";
import { authUserAtom } from "@/lib/state/auth";
import { formatEventWhenShort } from "@/lib/format/dates";
import { CreateLink, PersonalListPage } from "@/components/content/list-pages";
import { ButtonLink } from "@/components/ui/button";
import { eventCard } from "./event-lists";

export function MyEvents() {
  const [when, setWhen] = useState<"upcoming" | "past">("upcoming");
  const me = useAtomValue(authUserAtom);
  // Importing is for verified accounts and admins (the server refuses the rest).
  const canImport = me !== null && (me.verified || me.isAdmin);
  return (
    <PersonalListPage<EventListItem>
      kind="events"
      list="mine"
      actions={
        <>
          <CreateLink kind="events" />
          {canImport ? (
            <ButtonLink href="/events/import/" variant="secondary">
              Importar eventos
            </ButtonLink>
          ) : null}
        </>
      }
      options={eventQueries.mineQuery(when)}
      pending={(p) => `${String(p.title ?? "Evento")}${typeof p.startsAt === "string" ? ` · ${formatEventWhenShort({ startsAt: p.startsAt })}` : ""}`}
      before={
        <>
          <div className="actions" role="group" aria-label="Periodo" style={{ marginBottom: "1rem" }}>
            <button type="button" className={`button ${when === "upcoming" ? "button--primary" : "button--ghost"}`} aria-pressed={when === "upcoming"} onClick={() => setWhen("upcoming")}>
              Próximos
            </button>
            <button type="button" className={`button ${when === "past" ? "button--primary" : "button--ghost"}`} aria-pressed={when === "past"} onClick={() => setWhen("past")}>
              Pasados
            </button>
          </div>
        </>
      }
      empty={when === "past" ? "No tienes eventos pasados." : undefined}
      renderItem={eventCard}
    />
  );
}
