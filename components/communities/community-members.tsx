"use client";

import Link from "@/components/ui/link";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { addMember, changeMemberRole, communityQueries, removeMember } from "@/lib/api/communities";
import { searchQueries } from "@/lib/api/search";
import { errorMessage } from "@/lib/api/errors";
import { COMMUNITY_ROLES, COMMUNITY_ROLE_LABELS, type CommunityMember, type CommunityRole } from "@/lib/schemas/communities";
import type { UserSummary } from "@/lib/schemas/content";
import { useRouteId } from "@/lib/hooks/use-route-id";
import { useDebounced } from "@/lib/hooks/use-debounced";
import { pathFor } from "@/lib/paths";
import { authUserAtom } from "@/lib/state/auth";
import { notify } from "@/lib/toast/notify";
import { LOCALE } from "@/lib/schemas/constants";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FormAlert } from "@/components/ui/form-alert";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { ConfirmDialog } from "@/components/ui/dialog";
import { TextField as Field } from "@/components/ui/text-field";
import { SelectField as Select } from "@/components/ui/select-field";
import { NotFoundState } from "@/components/content/not-found-state";
import { VerifiedBadge } from "@/components/content/cover";
import fieldStyles from "@/components/content/fields.module.css";
import listStyles from "@/components/content/list.module.css";
import tableStyles from "@/components/ui/table.module.css";
import textStyles from "@/components/ui/text.module.css";

type Pending =
  | { kind: "add"; user: UserSummary; role: CommunityRole }
  | { kind: "role"; member: CommunityMember; role: CommunityRole }
  | { kind: "remove"; member: CommunityMember };

/** /communities/{id}/edit.members: add people by name, change roles, remove, with confirmations. */
export function CommunityMembers() {
  const id = useRouteId("/communities/[communityId]/edit.members");
  const me = useAtomValue(authUserAtom);
  const queryClient = useQueryClient();
  const community = useQuery({ ...communityQueries.detailQuery(id ?? ""), enabled: id !== null });
  const members = useQuery({ ...communityQueries.membersQuery(id ?? ""), enabled: id !== null });
  const [q, setQ] = useState("");
  const debounced = useDebounced(q, 300);
  const results = useQuery(searchQueries.users(debounced));
  const [newRole, setNewRole] = useState<CommunityRole>("member");
  const [pending, setPending] = useState<Pending | null>(null);

  const myRole = community.data?.myRole ?? null;
  const isOwner = myRole === "owner" || Boolean(me?.isAdmin);
  const canManage = isOwner || myRole === "admin";

  const action = useMutation({
    mutationFn: async (p: Pending) => {
      if (!id) return;
      if (p.kind === "add") await addMember(id, p.user._id, p.role);
      else if (p.kind === "role") await changeMemberRole(id, p.member.user._id, p.role);
      else await removeMember(id, p.member.user._id);
    },
    onSuccess: (_r, p) => {
      void queryClient.invalidateQueries({ queryKey: communityQueries.members(id ?? "") });
      void queryClient.invalidateQueries({ queryKey: communityQueries.detail(id ?? "") });
      setPending(null);
      if (p.kind === "add") setQ("");
      notify("success", p.kind === "add" ? `${p.user.name} ahora es parte de la comunidad.` : p.kind === "role" ? "Rol actualizado." : "Miembro eliminado.");
    },
  });

  const memberIds = new Set((members.data?.items ?? []).map((m) => m.user._id));

  return (
    <>
      <span className="visually-hidden" data-testid="route-id">
        {id}
      </span>
      <PageHeader
        title="Miembros de la comunidad"
        description={community.data ? community.data.name : undefined}
        actions={id ? <Link href={pathFor("/communities/[communityId]", id)}>Volver a la comunidad</Link> : null}
      />
      {id === null || community.isPending ? (
        <Skeleton lines={4} label="Cargando miembros" />
      ) : !community.data ? (
        <NotFoundState title="Esta comunidad no existe o ya no está disponible." />
      ) : !canManage ? (
        <NotFoundState title="Solo quienes administran la comunidad pueden gestionar sus miembros." />
      ) : (
        <>
          <section className={fieldStyles.fieldset} aria-labelledby="add-member">
            <h2 id="add-member" style={{ fontSize: "1.1rem", margin: 0 }}>
              Agregar miembro
            </h2>
            <Field label="Buscar persona por nombre" type="search" value={q} onChange={(e) => setQ(e.target.value)} hint="Escribe al menos 2 letras." autoComplete="off" />
            {isOwner ? (
              <Select label="Rol para la persona agregada" value={newRole} onChange={(e) => setNewRole(e.target.value as CommunityRole)}>
                {COMMUNITY_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {COMMUNITY_ROLE_LABELS[r]}
                  </option>
                ))}
              </Select>
            ) : null}
            {debounced.trim().length >= 2 ? (
              results.isPending ? (
                <Skeleton lines={2} label="Buscando personas" />
              ) : (results.data ?? []).length === 0 ? (
                <p className="field__hint" role="status">
                  No encontramos a nadie con ese nombre.
                </p>
              ) : (
                <ul className={listStyles.list} aria-label="Personas encontradas">
                  {(results.data ?? []).map((u) => (
                    <li key={u._id} className="actions" style={{ alignItems: "center", justifyContent: "space-between" }}>
                      <span>
                        {u.name} {u.verified ? <VerifiedBadge /> : null}
                      </span>
                      {memberIds.has(u._id) ? (
                        <span className={textStyles.small}>Ya es miembro</span>
                      ) : (
                        <Button variant="secondary" aria-label={`Agregar a ${u.name}`} onClick={() => setPending({ kind: "add", user: u, role: isOwner ? newRole : "member" })}>
                          Agregar
                        </Button>
                      )}
                    </li>
                  ))}
                </ul>
              )
            ) : null}
          </section>

          <h2 className="section-title">Miembros</h2>
          {members.isPending ? (
            <Skeleton lines={3} label="Cargando miembros" />
          ) : members.isError ? (
            <FormAlert message={errorMessage(members.error)} />
          ) : (members.data?.items ?? []).length === 0 ? (
            <EmptyState title="Aún no hay miembros." hint={null} />
          ) : (
            <div className={tableStyles.tableWrap}>
              <table className={tableStyles.table}>
                <caption className="visually-hidden">Miembros y sus roles</caption>
                <thead>
                  <tr>
                    <th scope="col">Persona</th>
                    <th scope="col">Rol</th>
                    <th scope="col">Acciones</th>
                  </tr>
                </thead>
                <tbody>
                  {(members.data?.items ?? []).map((m) => (
                    <tr key={m.user._id}>
                      <td>
                        <Link href={pathFor("/profile/[profileId]", m.user._id)}>{m.user.name}</Link> {m.user.verified ? <VerifiedBadge /> : null}
                      </td>
                      <td>
                        {isOwner && m.user._id !== me?._id ? (
                          <select
                            className="field__input"
                            aria-label={`Rol de ${m.user.name}`}
                            value={m.role}
                            onChange={(e) => setPending({ kind: "role", member: m, role: e.target.value as CommunityRole })}
                          >
                            {COMMUNITY_ROLES.map((r) => (
                              <option key={r} value={r}>
                                {COMMUNITY_ROLE_LABELS[r]}
                              </option>
                            ))}
                          </select>
                        ) : (
                          COMMUNITY_ROLE_LABELS[m.role]
                        )}
                      </td>
                      <td>
                        {m.role !== "owner" && m.user._id !== me?._id && (isOwner || m.role === "member") ? (
                          <Button variant="ghost" aria-label={`Quitar a ${m.user.name}`} onClick={() => setPending({ kind: "remove", member: m })}>
                            Quitar
                          </Button>
                        ) : null}
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
        open={pending !== null}
        title={
          pending?.kind === "add"
            ? `¿Agregar a ${pending.user.name}?`
            : pending?.kind === "role"
              ? `¿Cambiar el rol de ${pending.member.user.name}?`
              : pending?.kind === "remove"
                ? `¿Quitar a ${pending.member.user.name} de la comunidad?`
                : ""
        }
        message={
          pending?.kind === "add"
            ? `Entrará como ${COMMUNITY_ROLE_LABELS[pending.role].toLocaleLowerCase(LOCALE)} y podrá publicar a nombre de la comunidad.`
            : pending?.kind === "role"
              ? `Pasará de ${COMMUNITY_ROLE_LABELS[pending.member.role].toLocaleLowerCase(LOCALE)} a ${COMMUNITY_ROLE_LABELS[pending.role].toLocaleLowerCase(LOCALE)}.`
              : pending?.kind === "remove"
                ? "Ya no podrá publicar a nombre de la comunidad."
                : undefined
        }
        confirmLabel={pending?.kind === "add" ? "Agregar" : pending?.kind === "role" ? "Cambiar rol" : "Quitar"}
        danger={pending?.kind === "remove"}
        busy={action.isPending}
        error={action.isError ? errorMessage(action.error) : null}
        onConfirm={() => pending && action.mutate(pending)}
        onCancel={() => {
          setPending(null);
          action.reset();
        }}
      />
    </>
  );
}
