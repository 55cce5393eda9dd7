"use client";

import Link from "@/components/ui/link";
import { useState, type FormEvent } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { AccountType } from "@/lib/schemas/users";
import { adminQueries, type UserFilters } from "@/lib/api/admin";
import { errorMessage } from "@/lib/api/errors";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FormAlert } from "@/components/ui/form-alert";
import { SelectField } from "@/components/ui/select-field";
import { Skeleton } from "@/components/ui/skeleton";
import { TextField } from "@/components/ui/text-field";
import { AdminUserRow } from "./admin-user-row";
import { ModerationActions } from "./moderation-actions";
import styles from "./users.module.css";
import userList from "@/components/ui/user-list.module.css";

function toBool(value: string): boolean | undefined {
  return value === "" ? undefined : value === "true";
}

/** /panel/users (docs/product.md#routes): search with filters (role, verified, banned) and every action. */
export function UsersAdmin() {
  const [search, setSearch] = useState("");
  const [role, setRole] = useState("");
  const [verified, setVerified] = useState("");
  const [banned, setBanned] = useState("");
  const [filters, setFilters] = useState<UserFilters>({});
  const query = useInfiniteQuery(adminQueries.search(filters));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFilters({
      search: search.trim() || undefined,
      role: (role || undefined) as AccountType | undefined,
      verified: toBool(verified),
      banned: toBool(banned),
    });
  }

  const users = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="stack">
      <form className={`${styles.filters} card`} role="search" aria-label="Buscar usuarios" onSubmit={onSubmit}>
        <TextField label="Buscar" type="search" name="search" placeholder="Nombre, correo o id" value={search} onChange={(e) => setSearch(e.target.value)} />
        <SelectField label="Rol" name="role" value={role} onChange={(e) => setRole(e.target.value)}>
          <option value="">Todos</option>
          <option value="NORMAL">Cuenta personal</option>
          <option value="ADMIN">Administrador</option>
          <option value="MASTER">Administrador principal</option>
        </SelectField>
        <SelectField label="Verificación" name="verified" value={verified} onChange={(e) => setVerified(e.target.value)}>
          <option value="">Todas</option>
          <option value="true">Verificadas</option>
          <option value="false">Sin verificar</option>
        </SelectField>
        <SelectField label="Suspensión" name="banned" value={banned} onChange={(e) => setBanned(e.target.value)}>
          <option value="">Todas</option>
          <option value="true">Suspendidas</option>
          <option value="false">Activas</option>
        </SelectField>
        <div className="actions">
          <Button type="submit">Buscar</Button>
          <Link href="/panel/users/create/">Crear usuario</Link>
        </div>
      </form>
      {query.isPending ? (
        <Skeleton lines={4} label="Buscando usuarios" />
      ) : query.isError && users.length === 0 ? (
        <FormAlert message={errorMessage(query.error)} />
      ) : users.length === 0 ? (
        <EmptyState title="No hay usuarios con esos filtros." hint="Prueba con otra búsqueda." />
      ) : (
        <>
          <p className="field__hint" role="status">
            {users.length} {users.length === 1 ? "usuario" : "usuarios"}
            {query.hasNextPage ? " (hay más)" : ""}
          </p>
          <ul className={userList.list} aria-label="Usuarios">
            {users.map((user) => (
              <AdminUserRow key={user._id} user={user}>
                <ModerationActions user={user} />
                <p className={styles.meta}>
                  <Link href={`/panel/notifications/?userId=${encodeURIComponent(user._id)}`}>Enviar notificación</Link>
                </p>
              </AdminUserRow>
            ))}
          </ul>
          {query.hasNextPage ? (
            <div className="actions">
              <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                {query.isFetchingNextPage ? "Cargando..." : "Cargar más"}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
