import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import { communitySummarySchema, userSummarySchema as authorSchema } from "../../lib/schemas/content";
import { apiErrorBodySchema } from "../../lib/schemas/errors";
import { communityListItemSchema, communitySchema } from "../../lib/schemas/communities";
import { eventListItemSchema, eventSchema } from "../../lib/schemas/events";
import { newsListItemSchema, newsSchema } from "../../lib/schemas/news";
import { notificationSchema } from "../../lib/schemas/notifications";
import { placeListItemSchema, placeSchema, placeSummarySchema } from "../../lib/schemas/places";
import { publicUserSchema } from "../../lib/schemas/public-users";
import { userSchema } from "../../lib/schemas/users";
import { registerApiCompression } from "./compression";

// The OpenAPI document (`/api/openapi.json`, `/api/docs/json`) and its reader (`/api/docs`).

/**
 * Answers many routes share, written once under `components.schemas` and referenced from each
 * route. Inline, every route repeated the error body and the documents it returns: 478 KB,
 * which the reader took seconds to take apart on a phone.
 */
const sharedSchemas = z.registry<{ id: string }>();
sharedSchemas.add(apiErrorBodySchema, { id: "ApiError" });
sharedSchemas.add(eventSchema, { id: "Event" });
sharedSchemas.add(placeSchema, { id: "Place" });
sharedSchemas.add(placeSummarySchema, { id: "PlaceSummary" });
sharedSchemas.add(newsSchema, { id: "News" });
sharedSchemas.add(communitySchema, { id: "Community" });
sharedSchemas.add(communitySummarySchema, { id: "CommunitySummary" });
sharedSchemas.add(eventListItemSchema, { id: "EventListItem" });
sharedSchemas.add(placeListItemSchema, { id: "PlaceListItem" });
sharedSchemas.add(newsListItemSchema, { id: "NewsListItem" });
sharedSchemas.add(communityListItemSchema, { id: "CommunityListItem" });
sharedSchemas.add(authorSchema, { id: "Author" });
sharedSchemas.add(userSchema, { id: "User" });
sharedSchemas.add(publicUserSchema, { id: "PublicUser" });
sharedSchemas.add(notificationSchema, { id: "Notification" });

const toComponents = createJsonSchemaTransformObject({ schemaRegistry: sharedSchemas });

/**
 * The transform writes each shared schema twice, as an answer and as a request body
 * (`EventInput`…). These are answers only; the unused copies would read as request bodies.
 */
function withoutUnusedSchemas<T extends object>(document: T): T {
  // The transform also types Swagger 2 documents, which have no components; this one is OpenAPI 3.
  if (!("components" in document)) return document;
  const components = document.components as { schemas?: Record<string, unknown> } | undefined;
  const schemas = components?.schemas ?? {};
  const referenced = (value: unknown) => [...JSON.stringify(value ?? null).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!);
  const used = new Set<string>();
  const pending = referenced("paths" in document ? document.paths : undefined);
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (used.has(name)) continue;
    used.add(name);
    pending.push(...referenced(schemas[name]));
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...components, schemas: kept } };
}

/** Where the reader lives: pages (HTML, scripts, styles) under the API's prefix. */
export const apiDocsPath = (prefix: string): string => `${prefix}/docs`;

export async function registerApiDocs(app: FastifyInstance, { prefix }: { prefix: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: "Plaza API",
        description: "API de Plaza, la agenda comunitaria y cultural de la ciudad. Respuestas: `{ data }`; errores: `{ message, code, issues? }`.",
        version: "0.1.0",
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "Firebase ID token" },
        },
      },
    },
    transform: createJsonSchemaTransform({ skipList: [], schemaRegistry: sharedSchemas }),
    transformObject: (document) => withoutUnusedSchemas(toComponents(document)),
  });
  // The reader is 1.9 MB of scripts and styles plus the document: compressed like the API, since
  // its files are not part of the PWA's build-time compression.
  await app.register(async (docs) => {
    await registerApiCompression(docs);
    await docs.register(swaggerUi, { routePrefix: apiDocsPath(prefix), uiConfig: { docExpansion: "list", deepLinking: true } });
  });
}
