"use client";

import Link from "@/components/ui/link";
import { useState, type ReactNode } from "react";
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type UseInfiniteQueryOptions, type QueryKey } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { errorMessage } from "@/lib/api/errors";
import { flattenPages } from "@/lib/api/content";
import type { Page } from "@/lib/schemas/cursor";
import type { ModerationPayload } from "@/lib/schemas/content";
import { isAdminAtom } from "@/lib/state/auth";
import { notify } from "@/lib/toast/notify";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FormAlert } from "@/components/ui/form-alert";
import { PageHeader } from "@/components/ui/page-header";
import { TextAreaField } from "@/components/ui/text-area-field";
import { ConfirmDialog } from "@/components/ui/dialog";
import { CardSkeletons } from "@/components/content/card-skeletons";
import cardStyles from "@/components/content/card.module.css";
import listStyles from "@/components/content/list.module.css";
import tableStyles from "@/components/ui/table.module.css";
import textStyles from "@/components/ui/text.module.css";

export type Visibility = "visible" | "hidden" | "all";

interface Moderatable {
  _id: string;
  hidden: boolean;
  hiddenReason: string | null;
  featured: boolean;
}

type Action = { kind: "hide" | "unhide" | "feature" | "unfeature" | "delete"; item: Moderatable & { label: string } };

const ACTION_TEXT: Record<Action["kind"], { title: string; confirm: string; done: string; reason?: string }> = {
  hide: { title: "¿Ocultar «{x}»?", confirm: "Ocultar", done: "Ocultado: ya no aparece en ninguna lista pública.", reason: "Motivo (se le notifica a quien lo publicó)" },
  unhide: { title: "¿Mostrar de nuevo «{x}»?", confirm: "Mostrar", done: "Visible de nuevo." },
  feature: { title: "¿Destacar «{x}»?", confirm: "Destacar", done: "Destacado." },
  unfeature: { title: "¿Quitar «{x}» de destacados?", confirm: "Quitar de destacados", done: "Ya no está destacado." },
  delete: { title: "¿Borrar «{x}» para siempre?", confirm: "Borrar", done: "Borrado.", reason: "Motivo del borrado (se le notifica a quien lo publicó)" },
};

/**
 * The moderation table of one content kind: filter by visibility, then hide (with a reason),
 * show, feature, or delete (with a reason), each after a confirmation.
 */
export function ModerationTable<T extends Moderatable>({
  title,
  noun,
  listOptions,
  invalidate,
  label,
  href,
  details,
  moderate,
  remove,
}: {
  title: string;
  /** "eventos", "noticias", "lugares". */
  noun: string;
  listOptions: (visibility: Visibility) => UseInfiniteQueryOptions<Page<T>, Error, InfiniteData<Page<T>>, QueryKey, string | undefined>;
  invalidate: QueryKey;
  label: (item: T) => string;
  href: (item: T) => string;
  details: (item: T) => ReactNode;
  moderate: (id: string, payload: ModerationPayload) => Promise<unknown>;
  remove: (id: string, reason: string) => Promise<unknown>;
}) {
  const isAdmin = useAtomValue(isAdminAtom);
  const queryClient = useQueryClient();
  const [visibility, setVisibility] = useState<Visibility>("all");
  const query = useInfiniteQuery({ ...listOptions(visibility), enabled: isAdmin });
  const [action, setAction] = useState<Action | null>(null);
  const mutation = useMutation({
    mutationFn: async ({ a, reason }: { a: Action; reason: string }) => {
      if (a.kind === "delete") return remove(a.item._id, reason);
      return moderate(a.item._id, { action: a.kind, reason: reason || null } as ModerationPayload);
    },
    onSuccess: (_r, { a }) => {
      notify("success", ACTION_TEXT[a.kind].done);
      forget();
      void queryClient.invalidateQueries({ queryKey: invalidate });
      // Public lists (home, for-you, search) must follow at once.
      void queryClient.invalidateQueries({ queryKey: ["search"] });
    },
  });
  const items = flattenPages(query.data);
  const [reason, setReason] = useState("");
  const [reasonMissing, setReasonMissing] = useState(false);
  const reasonLabel = action ? ACTION_TEXT[action.kind].reason : undefined;

  function forget() {
    setAction(null);
    setReason("");
    setReasonMissing(false);
  }

  function close() {
    forget();
    mutation.reset();
  }

  function confirm() {
    if (!action) return;
    // Hiding and deleting tell the author why: no reason, no action.
    if (reasonLabel && reason.trim() === "") {
      setReasonMissing(true);
      return;
    }
    mutation.mutate({ a: action, reason: reason.trim() });
  }

  return (
    <>
      <PageHeader title={title} />
      {!isAdmin ? null : (
        <>
          <div className="actions" role="group" aria-label="Mostrar" style={{ marginBottom: "1rem" }}>
            {(
              [
                ["all", "Todos"],
                ["visible", "Visibles"],
                ["hidden", "Ocultos"],
              ] as const
            ).map(([v, text]) => (
              <button key={v} type="button" className={`button ${visibility === v ? "button--primary" : "button--ghost"}`} aria-pressed={visibility === v} onClick={() => setVisibility(v)}>
                {text}
              </button>
            ))}
          </div>
          {query.isPending ? (
            <CardSkeletons count={3} label={`Cargando ${noun}`} />
          ) : query.isError ? (
            <FormAlert message={errorMessage(query.error)} />
          ) : items.length === 0 ? (
            <EmptyState title={`No hay ${noun} en esta vista.`} hint={null} />
          ) : (
            <div className={tableStyles.tableWrap}>
              <table className={tableStyles.table}>
                <caption className="visually-hidden">{title}</caption>
                <thead>
                  <tr>
                    <th scope="col">Contenido</th>
                    <th scope="col">Estado</th>
                    <th scope="col">Acciones</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((item) => {
                    const name = label(item);
                    const row = { ...item, label: name };
                    return (
                      <tr key={item._id}>
                        <td>
                          <Link href={href(item)}>{name}</Link>
                          <div className={textStyles.small}>{details(item)}</div>
                        </td>
                        <td>
                          <ul className={cardStyles.chips}>
                            {item.hidden ? <li className={cardStyles.chipWarn}>Oculto</li> : <li className={cardStyles.chip}>Visible</li>}
                            {item.featured ? <li className={cardStyles.chip}>Destacado</li> : null}
                          </ul>
                          {item.hiddenReason ? <div className={textStyles.small}>Motivo: {item.hiddenReason}</div> : null}
                        </td>
                        <td>
                          <div className="actions">
                            <Button variant="ghost" aria-label={`${item.hidden ? "Mostrar" : "Ocultar"} ${name}`} onClick={() => setAction({ kind: item.hidden ? "unhide" : "hide", item: row })}>
                              {item.hidden ? "Mostrar" : "Ocultar"}
                            </Button>
                            <Button
                              variant="ghost"
                              aria-label={`${item.featured ? "Quitar de destacados" : "Destacar"} ${name}`}
                              onClick={() => setAction({ kind: item.featured ? "unfeature" : "feature", item: row })}
                            >
                              {item.featured ? "Quitar destacado" : "Destacar"}
                            </Button>
                            <Button variant="ghost" aria-label={`Borrar ${name}`} onClick={() => setAction({ kind: "delete", item: row })}>
                              Borrar
                            </Button>
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          {query.hasNextPage ? (
            <div className={listStyles.more}>
              <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                {query.isFetchingNextPage ? "Cargando..." : "Cargar más"}
              </Button>
            </div>
          ) : null}
        </>
      )}
      <ConfirmDialog
        role="dialog"
        open={action !== null}
        title={action ? ACTION_TEXT[action.kind].title.replace("{x}", action.item.label) : ""}
        confirmLabel={action ? ACTION_TEXT[action.kind].confirm : ""}
        danger={action?.kind === "delete" || action?.kind === "hide"}
        busy={mutation.isPending}
        error={mutation.isError ? errorMessage(mutation.error) : null}
        onConfirm={confirm}
        onCancel={close}
      >
        {reasonLabel ? (
          <TextAreaField
            label={reasonLabel}
            rows={3}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={reasonMissing ? "Indica el motivo." : null}
          />
        ) : null}
      </ConfirmDialog>
    </>
  );
}
