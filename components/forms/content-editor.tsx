"use client";

import { Fragment, type ReactNode } from "react";
import { useQuery, type QueryKey, type UseQueryOptions } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import type { DynamicRoute } from "@/lib/routes";
import { useRouteId } from "@/lib/hooks/use-route-id";
import { isSignedInAtom } from "@/lib/state/auth";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { NotFoundState } from "@/components/content/not-found-state";
import { SignInNotice } from "@/components/content/sign-in-notice";

/** A create page: its header, then the form for someone signed in, else an invitation to sign in. */
export function CreatePage({ title, description, signInTo, children }: { title: string; description?: string; signInTo: string; children: ReactNode }) {
  const signedIn = useAtomValue(isSignedInAtom);
  return (
    <>
      <PageHeader title={title} description={description} />
      {signedIn ? children : <SignInNotice what={signInTo} />}
    </>
  );
}

/**
 * An edit page: reads the id from the address, loads the item, and shows the form only once it
 * is there and the person may edit it; otherwise the sign-in, loading, not-found or not-allowed
 * state. The form is keyed by the item so another item starts from a fresh form.
 */
export function EditPage<T extends { _id: string } | null, K extends QueryKey>({
  route,
  query,
  title,
  signInTo,
  loading,
  notFound,
  forbidden,
  children,
}: {
  route: DynamicRoute;
  query: (id: string) => UseQueryOptions<T, Error, T, K>;
  title: string;
  signInTo: string;
  loading: { label: string; lines: number };
  notFound: string;
  /** For kinds with permissions: whether this person may edit the item, and what to say if not. */
  forbidden?: { when: (item: NonNullable<T>) => boolean; title: string; hint?: string };
  children: (item: NonNullable<T>) => ReactNode;
}) {
  const id = useRouteId(route);
  const signedIn = useAtomValue(isSignedInAtom);
  const result = useQuery({ ...query(id ?? ""), enabled: id !== null && signedIn });
  const item = (result.data ?? null) as NonNullable<T> | null;
  return (
    <>
      <span className="visually-hidden" data-testid="route-id">
        {id}
      </span>
      <PageHeader title={title} />
      {!signedIn ? (
        <SignInNotice what={signInTo} />
      ) : id === null || result.isPending ? (
        <Skeleton lines={loading.lines} label={loading.label} />
      ) : !item ? (
        <NotFoundState title={notFound} />
      ) : forbidden?.when(item) ? (
        <NotFoundState title={forbidden.title} hint={forbidden.hint} />
      ) : (
        <Fragment key={item._id}>{children(item)}</Fragment>
      )}
    </>
  );
}
