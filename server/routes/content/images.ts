import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { idParamsSchema, type ContentKind } from "../../../lib/schemas/content";
import type { Database } from "../../db/client";
import { forbidBanned, requireUser } from "../../plugins/auth";
import { badRequest, forbidden, notFound } from "../../plugins/errors";
import { readUploadedForm, registerUploads } from "../../plugins/uploads";
import { processImage } from "../../storage/images";
import type { ImageStore, StoredImage } from "../../storage/store";
import { bearerSecurity, envelope, errorResponses } from "../contract";
import { KINDS } from "./kinds";
import type { Viewer } from "./viewer";
import { actorOf } from "./viewer";

// PUT /<kind>/{id}/image: the cover of an event, place or news item, or a community's picture,
// through the accounts module's pipeline (sniffed format, EXIF stripped, WebP at 480/960/1600 px
// wide). The previous files are removed after the new ones are stored and linked.

const FILE_FIELDS = ["file", "image", "coverImage"] as const;

/** Links a stored image to the row; returns the set it replaced, or undefined if the row is gone. */
export async function linkImage(db: Database, kind: ContentKind, id: string, stored: StoredImage | null): Promise<{ keys: string[] } | null | undefined> {
  const { table, image } = KINDS[kind];
  return db.transaction(async (tx) => {
    const previous = await tx.query<{ set: { keys: string[] } | null }>(`SELECT ${image.set} AS set FROM ${table} WHERE id = $1 FOR UPDATE`, [id]);
    if (previous.length === 0) return undefined;
    await tx.query(`UPDATE ${table} SET ${image.url} = $2, ${image.set} = $3::jsonb, updated_at = now() WHERE id = $1`, [
      id,
      stored?.url ?? null,
      stored ? JSON.stringify(stored) : null,
    ]);
    return previous[0]?.set ?? null;
  });
}

export interface ImageRouteOptions {
  kind: ContentKind;
  database: Database;
  images: ImageStore;
  notFoundMessage: string;
  itemSchema: z.ZodType;
  /** Whether the viewer may edit the item; null when it does not exist (or is hidden from them). */
  canEdit(id: string, viewer: Viewer): Promise<boolean | null>;
  present(id: string, viewer: Viewer): Promise<unknown>;
}

export async function registerContentImageRoutes(app: FastifyInstance, options: ImageRouteOptions): Promise<void> {
  await app.register(async (scope) => {
    await registerUploads(scope);
    const api = scope.withTypeProvider<ZodTypeProvider>();

    const guard = async (id: string, viewer: Viewer) => {
      const allowed = await options.canEdit(id, viewer);
      if (allowed === null) throw notFound(options.notFoundMessage);
      if (!allowed) throw forbidden();
    };

    api.put(
      "/:id/image",
      {
        onRequest: [requireUser, forbidBanned],
        schema: {
          tags: [options.kind],
          summary: "Cambiar la imagen (multipart)",
          description:
            "multipart/form-data con la imagen en el campo `file`: JPEG, PNG, WebP o AVIF, máx. 8 MB. Se guarda en WebP a 480, 960 y 1600 px de ancho, sin EXIF. Quien puede editar el elemento.",
          security: bearerSecurity,
          consumes: ["multipart/form-data"],
          params: idParamsSchema,
          response: { 200: envelope(options.itemSchema), ...errorResponses(400, 401, 403, 404, 413, 415) },
        },
      },
      async (request) => {
        const viewer = await actorOf(request);
        await guard(request.params.id, viewer);
        const form = await readUploadedForm(request, FILE_FIELDS);
        if (!form.file) throw badRequest("Falta la imagen: envíala en el campo 'file'.");
        const stored = await options.images.save(await processImage("content", form.file.data));
        const previous = await linkImage(options.database, options.kind, request.params.id, stored).catch(async (error: unknown) => {
          await options.images.remove(stored);
          throw error;
        });
        if (previous === undefined) {
          await options.images.remove(stored);
          throw notFound(options.notFoundMessage);
        }
        await options.images.remove(previous);
        return { data: await options.present(request.params.id, viewer) };
      },
    );

    api.delete(
      "/:id/image",
      {
        onRequest: [requireUser, forbidBanned],
        schema: {
          tags: [options.kind],
          summary: "Quitar la imagen",
          security: bearerSecurity,
          params: idParamsSchema,
          response: { 200: envelope(options.itemSchema), ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const viewer = await actorOf(request);
        await guard(request.params.id, viewer);
        const previous = await linkImage(options.database, options.kind, request.params.id, null);
        if (previous === undefined) throw notFound(options.notFoundMessage);
        await options.images.remove(previous);
        return { data: await options.present(request.params.id, viewer) };
      },
    );
  });
}
