import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { deleteQuerySchema, deletedSchema, idParamsSchema, type ContentKind } from "../../../lib/schemas/content";
import { PAGE_LIMIT_DEFAULT } from "../../../lib/schemas/cursor";
import { pageQuerySchema, pageSchema } from "../../../lib/schemas/pagination";
import type { Database, Queryable } from "../../db/client";
import { forbidden } from "../../plugins/errors";
import { itemScope, LISTS_SCOPE } from "../../plugins/http-cache";
import type { ImageStore } from "../../storage/store";
import type { PublicCovers } from "./covers";
import { registerFollowAndModeration } from "./actions";
import { deleteContent } from "./deletion";
import { createOnce, idempotencyKeyOf, sendCreated } from "./idempotency";
import { registerContentImageRoutes } from "./images";
import { KINDS } from "./kinds";
import type { ContentNotifier, NotifyItem } from "./notify";
import type { Page, PageRequest } from "../paging";
import { removeRows, type SharedFilters } from "./repository";
import { routeOptions, type Access, type RouteSpec } from "../routing";
import { assertWithinQuota } from "./spam";
import { batchedById } from "./batched-rows";
import { ROW_WEIGHT, sharedRows } from "./shared-rows";
import { viewerWithRows, type KeptViewers, type ViewerRole } from "./viewer-rows";
import { actorOf, assertVisibilityAllowed, assertVisible, toViewer, viewerOf, type Viewer } from "./viewer";

// One content kind as a REST resource. Every kind has the same calls — lists (all, mine, the
// ones I follow), one item, create (idempotent, within the daily quota), update, delete (with a
// reason when moderating), follow, moderate and its picture — with the same access rules; a
// kind's definition gives its schemas, its words, its SQL and what it does beyond that (events:
// series and notices; communities: members). An action every kind gains is added here once.

/** What every kind's row has: its id, moderation state and whether the viewer follows it, plus its columns by name. */
export type ContentRow = { id: string; hidden: boolean; following: boolean };

type Doc = { summary: string; description?: string };

export interface ResourceOptions {
  database: Database;
  notify: ContentNotifier;
  /** Image store of the accounts pipeline; without it the image routes are not registered. */
  images?: ImageStore;
  /** Where the resource says how to find the cover of an item everyone may see. */
  publicCovers?: PublicCovers;
  /** Signed-in readers' accounts and facts, kept for every resource (viewer-rows.ts); null reads them each time. */
  viewers?: KeptViewers | null;
}

/** What a kind's own routes and hooks work with. */
export interface ResourceContext<Row extends ContentRow, Item> extends ResourceOptions {
  kind: ContentKind;
  /** The item as the viewer may see it: 404 when it does not exist or is hidden from them. */
  load(id: string, viewer: Viewer): Promise<Row>;
  /** `load`, then 403 unless the viewer may edit it. */
  editable(id: string, viewer: Viewer): Promise<Row>;
  toItem(row: Row, viewer: Viewer): Item;
  /** Route options under the kind's tag. */
  route<P extends z.ZodType | undefined, Q extends z.ZodType | undefined, B extends z.ZodType | undefined, R extends Record<number, z.ZodType> = Record<never, z.ZodType>>(
    access: Access,
    spec: RouteSpec<P, Q, B, R>,
  ): ReturnType<typeof routeOptions<P, Q, B, R>>;
}

export interface ContentResource<Row extends ContentRow, Item, Create, Update, Filters extends SharedFilters> {
  kind: ContentKind;
  notFound: string;
  /** 403 message when someone who may see an item tries to change it. */
  cannotEdit: string;
  schemas: {
    item: z.ZodType<Item>;
    /** An item as its lists return it: the item without the long texts only its page shows. */
    listItem: z.ZodType;
    list: z.ZodType;
    /** Query of the "mine" and "following" lists; a page by default. */
    ownLists?: z.ZodType;
    create: z.ZodType<Create>;
    update: z.ZodType<Update>;
    remove?: z.ZodType;
  };
  /**
   * The reference's words for the shared calls. Lists, one item, edit and delete are summarised
   * from the kind's words ("Lugares", "Lugares que sigo", "Un lugar", "Editar un lugar"); these
   * give the rest.
   */
  docs: {
    mine: Doc;
    create: Doc;
    descriptions: Partial<Record<"list" | "following" | "get" | "update" | "remove", string>>;
  };
  repository(db: Queryable): {
    findById(id: string, viewerId: string | null): Promise<Row | null>;
    /** Rows by id, without the ones missing; the order does not matter here. */
    findMany(ids: string[], viewerId: string | null): Promise<Row[]>;
    list(filters: Filters, page: PageRequest, viewerId: string | null): Promise<Page<Row>>;
  };
  canEdit(row: Row, viewer: Viewer): boolean;
  /** The viewer's role in a community, when the kind's rows carry one (see viewer-rows.ts). */
  viewerRole?: ViewerRole<Row>;
  /** Not public yet although not hidden (news scheduled for later): reads treat it as hidden. */
  isPrivate?(row: Row): boolean;
  toItem(row: Row, viewer: Viewer): Item;
  /** The item's cover picture: the largest thing its page shows first. */
  cover(row: Row): string | null;
  /** Filters of the viewer's own list ("mine"). */
  mine(viewerId: string): Partial<Filters>;
  /** Checks before anything is written (cheap ones, outside the transaction). */
  checkCreate?(body: Create): void;
  /** Inserts the item (quota and idempotency already handled); returns its id. */
  create(tx: Queryable, body: Create, viewer: Viewer & { id: string }): Promise<string>;
  /** Notices of a new item (not of a replayed create). */
  published?(item: Item, db: Queryable): Promise<NotifyItem[]>;
  update(row: Row, body: Update, viewer: Viewer & { id: string }, ctx: ResourceContext<Row, Item>): Promise<void>;
  remove?: {
    /** Who may delete, when not everyone who may edit (defaults to `editable`). */
    deletable?(row: Row, viewer: Viewer): void;
    /** The author told of a moderator's deletion (defaults to the kind's author column). */
    authorOf?(row: Row, viewer: Viewer): string | null;
    /** The ids the call deletes (a series' later dates); the item alone by default. */
    ids?(row: Row, query: Record<string, unknown>, ctx: ResourceContext<Row, Item>): Promise<string[]>;
    /** Notices for followers of what is deleted, made before it is gone and sent after. */
    notices?(ids: string[], viewer: Viewer & { id: string }, ctx: ResourceContext<Row, Item>): Promise<NotifyItem[]>;
  };
  /** The kind's own reads, registered before `GET /:id`. */
  reads?(app: FastifyInstance, ctx: ResourceContext<Row, Item>): void | Promise<void>;
  /** The kind's own calls, registered after the shared ones that change an item. */
  routes?(app: FastifyInstance, ctx: ResourceContext<Row, Item>): void | Promise<void>;
}

/** Summaries made of the kind's words, with the kind's descriptions. */
function standardDocs(kind: ContentKind, descriptions: ContentResource<ContentRow, unknown, unknown, unknown, SharedFilters>["docs"]["descriptions"]) {
  const { a, one, many } = KINDS[kind].words;
  const Many = many.charAt(0).toUpperCase() + many.slice(1);
  const summaries = { list: Many, following: `${Many} que sigo`, get: `${a === "un" ? "Un" : "Una"} ${one}`, update: `Editar ${a} ${one}`, remove: `Borrar ${a} ${one}` };
  return Object.fromEntries(
    Object.entries(summaries).map(([call, summary]) => {
      const description = descriptions[call as keyof typeof summaries];
      return [call, description === undefined ? { summary } : { summary, description }];
    }),
  ) as Record<keyof typeof summaries, Doc>;
}

const column = (row: ContentRow, name: string) => (row as unknown as Record<string, unknown>)[name];

export function contentResource<Row extends ContentRow, Item, Create, Update, Filters extends SharedFilters>(
  def: ContentResource<Row, Item, Create, Update, Filters>,
): FastifyPluginAsyncZod<ResourceOptions> {
  const ownLists = def.schemas.ownLists ?? pageQuerySchema.strict();
  const docs = standardDocs(def.kind, def.docs.descriptions);
  const itemPage = pageSchema(def.schemas.listItem);
  return async (plugin, options) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const { database, notify } = options;
    const rows = def.repository(database);
    // One rule for every route that reaches an item: hidden by moderation, or not public yet
    // (news scheduled for later), is seen only by who may edit it and by admins.
    const concealed = (row: Row) => row.hidden || def.isPrivate?.(row) === true;

    const ctx: ResourceContext<Row, Item> = {
      ...options,
      kind: def.kind,
      async load(id, viewer) {
        const row = await rows.findById(id, viewer.id);
        assertVisible(row ? { hidden: concealed(row), canEdit: def.canEdit(row, viewer) } : null, viewer, def.notFound);
        return row!;
      },
      async editable(id, viewer) {
        const row = await ctx.load(id, viewer);
        if (!def.canEdit(row, viewer)) throw forbidden(def.cannotEdit);
        return row;
      },
      toItem: def.toItem,
      route: (access, spec) => routeOptions(def.kind, access, spec),
    };
    const route = ctx.route;

    const pageRequest = (query: { cursor?: string; limit?: number }): PageRequest => ({ cursor: query.cursor, limit: query.limit ?? PAGE_LIMIT_DEFAULT });
    const answer = (page: Page<Row>, viewer: Viewer) => ({ data: { items: page.rows.map((row) => def.toItem(row, viewer)), nextCursor: page.nextCursor } });
    const list = async (filters: Record<string, unknown>, query: { cursor?: string; limit?: number }, viewer: Viewer) =>
      answer(await rows.list(filters as Filters, pageRequest(query), viewer.id), viewer);

    // Public lists and items: the rows everyone sees are read once and kept briefly
    // (shared-rows.ts); the viewer's account, follows and roles, read in one statement and kept
    // the same way, are then added to them (viewer-rows.ts). Without the content version (a resource registered on
    // its own) every read goes out.
    const shared = plugin.hasDecorator("contentStamp") ? sharedRows((scope) => plugin.contentStamp(scope)) : null;
    const seen = (request: FastifyRequest, found: Row[]) => viewerWithRows(request, database, options.viewers ?? null, def.kind, found, def.viewerRole);
    // Signed in, someone who follows none of the rows, may edit none, has no role in their
    // communities and is no administrator sees them as everyone does: the answer kept for everyone
    // is sent as it is (plugins/http-cache.ts, answerAsEveryone), without building it again or
    // compressing it again. Most readers follow a handful of the agenda's items.
    const anyone = toViewer(null);
    const sameForEveryone = (viewer: Viewer, viewed: Row[]) =>
      viewer.id !== null &&
      !viewer.isAdmin &&
      viewed.every((row) => !row.following && !def.canEdit(row, viewer) && (!def.viewerRole || column(row, def.viewerRole.column) == null));
    /** Everyone's answer when it is also the viewer's (sent or kept), else null. */
    const asEveryone = <T>(request: FastifyRequest, reply: FastifyReply, viewer: Viewer, viewed: Row[], answers: { everyone: () => T; own: () => T }) => {
      if (!sameForEveryone(viewer, viewed)) return null;
      return plugin.answerAsEveryone(request, reply, answers) ? reply : answers.everyone();
    };
    const publicList = async (request: FastifyRequest, reply: FastifyReply, filters: Record<string, unknown>, query: { cursor?: string; limit?: number }) => {
      if (!shared) return list(filters, query, await viewerOf(request));
      const paging = pageRequest(query);
      const page = await shared.get(`list:${JSON.stringify([filters, paging])}`, LISTS_SCOPE, paging.limit * ROW_WEIGHT, () => rows.list(filters as Filters, paging, null));
      const { viewer, rows: viewed } = await seen(request, page.rows);
      const own = () => answer({ ...page, rows: viewed }, viewer);
      return asEveryone(request, reply, viewer, viewed, { everyone: () => answer(page, anyone), own }) ?? own();
    };
    const everyonesRow = batchedById((ids) => rows.findMany(ids, null));
    const publicRow = (id: string) => (shared ? shared.get(`item:${id}`, itemScope(def.kind, id), ROW_WEIGHT, () => everyonesRow(id)) : rows.findById(id, null));
    const publicItem = async (request: FastifyRequest, reply: FastifyReply, id: string) => {
      const row = shared ? await publicRow(id) : null;
      // Missing, hidden or not public yet: who may still see it depends on the viewer.
      if (!row || concealed(row)) {
        const viewer = await viewerOf(request);
        return { data: def.toItem(await ctx.load(id, viewer), viewer) };
      }
      const { viewer, rows: viewed } = await seen(request, [row]);
      const own = () => ({ data: def.toItem(viewed[0]!, viewer) });
      return asEveryone(request, reply, viewer, viewed, { everyone: () => ({ data: def.toItem(row, anyone) }), own }) ?? own();
    };
    // The page of an item opens with its cover painted in (plugins/cover-preview.ts), when everyone may see it.
    options.publicCovers?.set(def.kind, async (id) => {
      if (!idParamsSchema.safeParse({ id }).success) return null;
      const row = await publicRow(id);
      return row && !concealed(row) ? def.cover(row) : null;
    });
    type ListQuery = { cursor?: string; limit?: number; visibility?: SharedFilters["visibility"] } & Record<string, unknown>;

    // Anonymous lists and items are the same for everyone: ETag and brief public caching
    // (plugins/http-cache.ts). Signed in, the viewer is read with the rows (viewerInline).
    const publicRead = { config: { publicCache: true, viewerInline: true } };
    app.get("/", { ...route("public", { ...docs.list, querystring: def.schemas.list, data: { 200: itemPage }, errors: [400, 401, 403] }), ...publicRead }, async (request, reply) => {
      const { cursor, limit, visibility, ...filters } = request.query as ListQuery;
      if (visibility === undefined || visibility === "visible") return publicList(request, reply, { ...filters, visibility: "visible" }, { cursor, limit });
      // Hidden items (the admin panel's lists) are never kept for everyone.
      const viewer = await viewerOf(request);
      assertVisibilityAllowed(visibility, viewer);
      return list({ ...filters, visibility }, { cursor, limit }, viewer);
    });

    const ownList = (path: string, doc: Doc, filters: (viewerId: string) => Record<string, unknown>) =>
      app.get(
        path,
        route("signedIn", { ...doc, querystring: ownLists, data: { 200: itemPage }, errors: [400, 401, 403] }),
        async (request) => {
          const viewer = await actorOf(request);
          const { cursor, limit, ...rest } = request.query as ListQuery;
          return list({ ...rest, ...filters(viewer.id) }, { cursor, limit }, viewer);
        },
      );
    ownList("/mine", def.docs.mine, (viewerId) => def.mine(viewerId));
    ownList("/following", docs.following, (viewerId) => ({ followedBy: viewerId, visibility: "visible" }));

    await def.reads?.(app, ctx);

    // An item's answer is kept under its own scope: a follow of another item leaves it.
    // The scope is taken before validation: from the id as validation leaves it (trimmed).
    const itemRead = { config: { ...publicRead.config, publicCache: { scope: (request: FastifyRequest) => itemScope(def.kind, idParamsSchema.safeParse(request.params).data?.id ?? "") } } };
    app.get("/:id", { ...route("public", { ...docs.get, params: idParamsSchema, data: { 200: def.schemas.item }, errors: [400, 401, 404] }), ...itemRead }, async (request, reply) =>
      publicItem(request, reply, request.params.id),
    );

    app.post(
      "/",
      route("publisher", { ...def.docs.create, body: def.schemas.create, data: { 200: def.schemas.item, 201: def.schemas.item }, errors: [400, 401, 403, 409, 429] }),
      async (request, reply) => {
        const viewer = await actorOf(request);
        const body = request.body as Create;
        def.checkCreate?.(body);
        const result = await createOnce(database, { userId: viewer.id, key: idempotencyKeyOf(request), kind: def.kind }, async (tx) => {
          await assertWithinQuota(tx, viewer, def.kind);
          return def.create(tx, body, viewer);
        });
        const item = def.toItem(await ctx.load(result.id, viewer), viewer);
        if (!result.replayed && def.published) await notify(await def.published(item, database));
        return sendCreated(reply, result, item);
      },
    );

    app.put(
      "/:id",
      route("writer", { ...docs.update, params: idParamsSchema, body: def.schemas.update, data: { 200: def.schemas.item }, errors: [400, 401, 403, 404] }),
      async (request) => {
        const viewer = await actorOf(request);
        const row = await ctx.editable(request.params.id, viewer);
        await def.update(row, request.body as Update, viewer, ctx);
        return { data: def.toItem(await ctx.load(row.id, viewer), viewer) };
      },
    );

    app.delete(
      "/:id",
      route("writer", {
        ...docs.remove,
        params: idParamsSchema,
        querystring: def.schemas.remove ?? deleteQuerySchema,
        data: { 200: deletedSchema },
        errors: [400, 401, 403, 404],
      }),
      async (request) => {
        const viewer = await actorOf(request);
        const query = request.query as { reason?: string } & Record<string, unknown>;
        const remove = def.remove ?? {};
        let row: Row;
        if (remove.deletable) {
          row = await ctx.load(request.params.id, viewer);
          remove.deletable(row, viewer);
        } else row = await ctx.editable(request.params.id, viewer);
        const ids = remove.ids ? await remove.ids(row, query, ctx) : [row.id];
        const notices = remove.notices ? await remove.notices(ids, viewer, ctx) : [];
        const facts = KINDS[def.kind];
        await deleteContent(database, notify, {
          kind: def.kind,
          ids,
          label: column(row, facts.label) as string,
          authorId: remove.authorOf ? remove.authorOf(row, viewer) : (column(row, facts.author) as string | null),
          viewer,
          reason: query.reason ?? null,
          remove: (tx) => removeRows(tx, def.kind, ids),
        });
        await notify(notices);
        return { data: { _id: row.id, deleted: true as const } };
      },
    );

    await def.routes?.(app, ctx);

    // Follow, moderation and the picture see exactly what a read sees: a scheduled piece is not
    // found by someone who could not open it (its editors can still illustrate it).
    const find = async (id: string, viewer: Viewer) => {
      const row = await rows.findById(id, viewer.id);
      return row ? { row, hidden: concealed(row), canEdit: def.canEdit(row, viewer) } : null;
    };
    const present = async (id: string, viewer: Viewer) => def.toItem((await rows.findById(id, viewer.id))!, viewer);
    registerFollowAndModeration(app, { kind: def.kind, database, notify, notFoundMessage: def.notFound, itemSchema: def.schemas.item, find, present });
    if (options.images) {
      await registerContentImageRoutes(app, {
        kind: def.kind,
        database,
        images: options.images,
        notFoundMessage: def.notFound,
        itemSchema: def.schemas.item,
        canEdit: async (id, viewer) => {
          const item = await find(id, viewer);
          if (!item) return null;
          return item.hidden && !item.canEdit && !viewer.isAdmin ? null : item.canEdit;
        },
        present,
      });
    }
  };
}
