"use client";

import { useRef, useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { createTag, deleteTag, renameTag, tagQueries } from "@/lib/api/tags";
import { errorMessage } from "@/lib/api/errors";
import { formatNumber, formatUpcomingEvents } from "@/lib/format/count";
import { tagPayloadSchema, tagUpdatePayloadSchema, type Tag } from "@/lib/schemas/tags";
import { isAdminAtom } from "@/lib/state/auth";
import { notify } from "@/lib/toast/notify";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FormAlert } from "@/components/ui/form-alert";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { ConfirmDialog } from "@/components/ui/dialog";
import { TextField as Field } from "@/components/ui/text-field";
import { apiFieldErrors, validate, type FieldErrors } from "@/components/content/form-errors";
import fieldStyles from "@/components/content/fields.module.css";
import tableStyles from "@/components/ui/table.module.css";

/** /panel/events/tags: create, rename and delete the tags events take. */
export function AdminTags() {
  const isAdmin = useAtomValue(isAdminAtom);
  const queryClient = useQueryClient();
  const query = useQuery({ ...tagQueries.list(), enabled: isAdmin });
  const [name, setName] = useState("");
  const [slug, setSlug] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ tag: Tag; name: string; error: string | null } | null>(null);
  const [removing, setRemoving] = useState<Tag | null>(null);
  const nameRef = useRef<HTMLFormElement>(null);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: tagQueries.all() });
  const create = useMutation({
    mutationFn: createTag,
    onSuccess: (tag) => {
      refresh();
      setName("");
      setSlug("");
      notify("success", `Etiqueta «${tag.name}» creada.`);
    },
    onError: (error) => {
      setErrors(apiFieldErrors(error));
      setFormError(errorMessage(error));
    },
  });
  const rename = useMutation({
    mutationFn: ({ id, name: next }: { id: string; name: string }) => renameTag(id, { name: next }),
    onSuccess: () => {
      refresh();
      setEditing(null);
      notify("success", "Etiqueta renombrada.");
    },
    onError: (error) => setEditing((e) => (e ? { ...e, error: errorMessage(error) } : e)),
  });
  const remove = useMutation({
    mutationFn: (tag: Tag) => deleteTag(tag._id),
    onSuccess: () => {
      refresh();
      setRemoving(null);
      notify("success", "Etiqueta borrada.");
    },
  });

  const onCreate = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const result = validate(tagPayloadSchema, slug.trim() ? { name, slug } : { name });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    create.mutate(result.data);
  };

  const tags = query.data ?? [];
  return (
    <>
      <PageHeader title="Panel de administración: Etiquetas" description="Los eventos se clasifican con estas etiquetas." />
      {!isAdmin ? null : (
        <>
          <form ref={nameRef} className={fieldStyles.fieldset} noValidate onSubmit={onCreate} aria-label="Nueva etiqueta" style={{ marginBottom: "1.25rem", maxWidth: "32rem" }}>
            <FormAlert message={formError} />
            <Field label="Nombre de la etiqueta" value={name} onChange={(e) => setName(e.target.value)} error={errors.name ?? null} />
            <Field label="Identificador (opcional)" value={slug} onChange={(e) => setSlug(e.target.value)} error={errors.slug ?? null} hint="Se genera del nombre si lo dejas vacío, p. ej. «musica-en-vivo»." />
            <div>
              <Button type="submit" disabled={create.isPending}>
                Crear etiqueta
              </Button>
            </div>
          </form>
          {query.isPending ? (
            <Skeleton lines={4} label="Cargando etiquetas" />
          ) : query.isError ? (
            <FormAlert message={errorMessage(query.error)} />
          ) : tags.length === 0 ? (
            <EmptyState title="Aún no hay etiquetas." hint={null} />
          ) : (
            <div className={tableStyles.tableWrap}>
              <table className={tableStyles.table}>
                <caption className="visually-hidden">Etiquetas</caption>
                <thead>
                  <tr>
                    <th scope="col">Nombre</th>
                    <th scope="col">Identificador</th>
                    <th scope="col">Eventos próximos</th>
                    <th scope="col">Acciones</th>
                  </tr>
                </thead>
                <tbody>
                  {tags.map((t) => (
                    <tr key={t._id}>
                      <td>
                        {editing?.tag._id === t._id ? (
                          <form
                            className="actions"
                            onSubmit={(e) => {
                              e.preventDefault();
                              const r = validate(tagUpdatePayloadSchema, { name: editing.name });
                              if (!r.ok) setEditing({ ...editing, error: r.errors.name ?? "Revisa el nombre." });
                              else rename.mutate({ id: t._id, name: editing.name });
                            }}
                          >
                            <Field label={`Nuevo nombre de ${t.name}`} value={editing.name} onChange={(e) => setEditing({ ...editing, name: e.target.value, error: null })} error={editing.error} autoFocus />
                            <Button type="submit" disabled={rename.isPending}>
                              Guardar
                            </Button>
                            <Button variant="ghost" onClick={() => setEditing(null)}>
                              Cancelar
                            </Button>
                          </form>
                        ) : (
                          t.name
                        )}
                      </td>
                      <td>
                        <code>{t.slug}</code>
                      </td>
                      <td>{formatNumber(t.upcomingEventsCount)}</td>
                      <td>
                        <div className="actions">
                          <Button variant="ghost" aria-label={`Renombrar ${t.name}`} onClick={() => setEditing({ tag: t, name: t.name, error: null })}>
                            Renombrar
                          </Button>
                          <Button variant="ghost" aria-label={`Borrar ${t.name}`} onClick={() => setRemoving(t)}>
                            Borrar
                          </Button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      <ConfirmDialog
        role="dialog"
        open={removing !== null}
        title={`¿Borrar la etiqueta «${removing?.name ?? ""}»?`}
        message={removing ? (removing.upcomingEventsCount === 0 ? "No la lleva ningún evento próximo." : `Se quitará de ${formatUpcomingEvents(removing.upcomingEventsCount)}.`) : undefined}
        confirmLabel="Borrar"
        danger
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => {
          setRemoving(null);
          remove.reset();
        }}
      />
    </>
  );
}
