"use client";

import { Fragment, type ReactNode } from "react";
import { useQuery, type QueryKey, type UseQueryOptions } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { useRouteId } from "@/lib/hooks/use-route-id";
import { isSignedInAtom } from "@/lib/state/auth";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { formCopy, type FormKind } from "@/components/content/kind-copy";
import { editRoute } from "@/components/content/kind-routes";
import { NotFoundState } from "@/components/content/not-found-state";
import { SignInNotice } from "@/components/content/sign-in-notice";

/** A create page: its header, then the form for someone signed in, else an invitation to sign in. */
export function CreatePage({ kind, children }: { kind: FormKind; children: ReactNode }) {
  const signedIn = useAtomValue(isSignedInAtom);
  const { title, description, signInTo } = formCopy(kind).create;
  return (
    <>
      <PageHeader title={title} description={description} />
      {signedIn ? children : <SignInNotice what={signInTo} />}
    </>
  );
}

/**
 * An edit page: reads the id from the address, loads the item, and shows the form only once it
 * is there and the person may edit it (`canEdit`, for kinds with permissions); otherwise the
 * sign-in, loading, not-found or not-allowed state. The form is keyed by the item so another item
 * starts from a fresh form.
 */
export function EditPage<T extends { _id: string; canEdit?: boolean } | null, K extends QueryKey>({
  kind,
  query,
  skeletonLines = 6,
  children,
}: {
  kind: FormKind;
  query: (id: string) => UseQueryOptions<T, Error, T, K>;
  skeletonLines?: number;
  children: (item: NonNullable<T>) => ReactNode;
}) {
  const copy = formCopy(kind);
  const { forbidden } = copy.edit;
  const id = useRouteId(editRoute(kind));
  const signedIn = useAtomValue(isSignedInAtom);
  const result = useQuery({ ...query(id ?? ""), enabled: id !== null && signedIn });
  const item = (result.data ?? null) as NonNullable<T> | null;
  return (
    <>
      <span className="visually-hidden" data-testid="route-id">
        {id}
      </span>
      <PageHeader title={copy.edit.title} />
      {!signedIn ? (
        <SignInNotice what={copy.edit.signInTo} />
      ) : id === null || result.isPending ? (
        <Skeleton lines={skeletonLines} label={copy.loading} />
      ) : !item ? (
        <NotFoundState title={copy.notFound} />
      ) : forbidden && !item.canEdit ? (
        <NotFoundState title={forbidden.title} hint={forbidden.hint} />
      ) : (
        <Fragment key={item._id}>{children(item)}</Fragment>
      )}
    </>
  );
}
