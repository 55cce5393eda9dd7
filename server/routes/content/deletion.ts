import type { ContentKind } from "../../../lib/schemas/content";
import type { Database, Queryable } from "../../db/client";
import { badRequest } from "../../plugins/errors";
import { createContentFollows } from "./follows";
import { KINDS, linkTo } from "./kinds";
import { logModeration } from "./moderation";
import type { ContentNotifier } from "./notify";
import type { Viewer } from "./viewer";

// Deleting content: the author deletes their own; an admin deleting someone else's says why,
// the deletion is logged and the author is told. Follows of the deleted ids go with them.

export async function deleteContent(
  database: Database,
  notify: ContentNotifier,
  options: {
    kind: ContentKind;
    ids: string[];
    label: string;
    authorId: string | null;
    viewer: Viewer & { id: string };
    reason: string | null;
    remove(tx: Queryable): Promise<void>;
  },
): Promise<void> {
  const byModerator = options.viewer.isAdmin && options.authorId !== options.viewer.id;
  if (byModerator && !options.reason) {
    throw badRequest("Indica el motivo del borrado (?reason=).", "VALIDATION_ERROR", [
      { path: ["querystring", "reason"], message: "Indica el motivo del borrado." },
    ]);
  }
  await database.transaction(async (tx) => {
    await options.remove(tx);
    await createContentFollows(tx).removeTargets(options.kind, options.ids);
    if (byModerator) {
      for (const id of options.ids) {
        await logModeration(tx, { adminId: options.viewer.id, kind: options.kind, id, label: options.label, action: "delete", reason: options.reason });
      }
    }
  });
  if (byModerator && options.authorId) {
    const words = KINDS[options.kind].words;
    await notify([
      {
        userId: options.authorId,
        kind: "content_deleted",
        title: `Tu ${words.one} «${options.label}» fue ${words.deleted}`,
        body: `La moderación lo borró. Motivo: ${options.reason}`,
        link: null,
        data: { kind: options.kind, id: options.ids[0], link: linkTo(options.kind, options.ids[0] ?? "") },
      },
    ]);
  }
}
