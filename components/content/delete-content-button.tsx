"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { deleteCommunity } from "@/lib/api/communities";
import { errorMessage } from "@/lib/api/errors";
import { deleteEvent } from "@/lib/api/events";
import { deleteNews } from "@/lib/api/news";
import { deletePlace } from "@/lib/api/places";
import type { ContentKind } from "@/lib/schemas/content";
import { authUserAtom } from "@/lib/state/auth";
import { notify } from "@/lib/toast/notify";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { KIND_COPY } from "./kind-copy";
import { KIND_ROUTES } from "./kind-routes";

// An author deletes their own item from its page. The dialog says what followers lose (events:
// the server tells them); once gone, the item leaves every cached list and the person lands on
// their own list of that kind.

const DELETE: Record<ContentKind, (id: string) => Promise<unknown>> = {
  events: (id) => deleteEvent(id),
  places: (id) => deletePlace(id),
  news: (id) => deleteNews(id),
  communities: (id) => deleteCommunity(id),
};

export interface RemoveTarget {
  kind: ContentKind;
  id: string;
  /** The item's title, quoted in the question. */
  title: string;
  followersCount: number;
  /**
   * Who published it. An admin deleting someone else's item is moderating: that asks for a
   * reason and happens in the panel, so the button is not offered. Undefined: no such check.
   */
  authorId?: string | null;
}

export function DeleteContentButton({ kind, id, title, followersCount, authorId }: RemoveTarget) {
  const copy = KIND_COPY[kind].remove;
  const router = useRouter();
  const queryClient = useQueryClient();
  const me = useAtomValue(authUserAtom);
  const [open, setOpen] = useState(false);
  const removal = useMutation({
    mutationFn: () => DELETE[kind](id),
    onSuccess: async () => {
      setOpen(false);
      queryClient.removeQueries({ queryKey: [kind, "detail", id] });
      notify("success", copy.done);
      router.replace(KIND_ROUTES[kind].mine);
      await queryClient.invalidateQueries({ queryKey: [kind] });
    },
  });
  if (authorId !== undefined && me?.isAdmin && me._id !== authorId) return null;
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {copy.button}
      </Button>
      <ConfirmDialog
        open={open}
        role="alertdialog"
        title={copy.title}
        message={
          <>
            <p>«{title}» se eliminará para siempre; no se puede deshacer.</p>
            <p>{copy.followers(followersCount)}</p>
          </>
        }
        confirmLabel={removal.isPending ? "Eliminando..." : copy.button}
        danger
        busy={removal.isPending}
        error={removal.isError ? errorMessage(removal.error) : null}
        onConfirm={() => removal.mutate()}
        onCancel={() => {
          setOpen(false);
          removal.reset();
        }}
      />
    </>
  );
}
