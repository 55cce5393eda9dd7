import type { onRequestHookHandler } from "fastify";
import type { z } from "zod";
import { forbidBanned, optionalIdentity, requireAdmin, requireIdentity, requireUser, requireVerifiedEmail } from "../plugins/auth";
import { bearerSecurity, envelope, errorResponses } from "./contract";

// Route options from what differs between routes: who may call, the words of the reference, the
// shapes in and out. Who may call decides the auth hooks and whether the reference asks for the
// bearer token, so the two never disagree. Every resource (content, users, notifications) builds
// its route options here.

export type Access =
  /** Anyone; a token, if sent, personalises the answer. */
  | "public"
  /** A valid token, registered or not yet (sign-up, the first data after sign-in). */
  | "identity"
  /** A signed-in, registered user (reads of their own lists). */
  | "signedIn"
  /** A signed-in user who is not suspended (every change). */
  | "writer"
  /** A writer whose email is verified (publishing new content; docs/authorization.md#unverified-email). */
  | "publisher"
  /** Site administration (every change). */
  | "admin"
  /** The administrators' lists, which a suspended administrator may still read. */
  | "adminReader";

const HOOKS: Record<Access, onRequestHookHandler | onRequestHookHandler[]> = {
  public: optionalIdentity,
  identity: requireIdentity,
  signedIn: requireUser,
  writer: [requireUser, forbidBanned],
  publisher: [requireUser, forbidBanned, requireVerifiedEmail],
  admin: [requireAdmin, forbidBanned],
  adminReader: requireAdmin,
};

type Shape = z.ZodType | undefined;

export interface RouteSpec<P extends Shape, Q extends Shape, B extends Shape, R extends Record<number, z.ZodType>> {
  summary: string;
  description?: string;
  consumes?: string[];
  produces?: string[];
  params?: P;
  querystring?: Q;
  body?: B;
  /** Payloads of the successful answers, by status; each is sent in the `{ data }` envelope. */
  data?: R;
  /** Error statuses the route can answer with. */
  errors?: number[];
}

type Enveloped<R extends Record<number, z.ZodType>> = { [K in keyof R]: R[K] extends z.ZodType ? z.ZodObject<{ data: R[K] }> : never };

export function routeOptions<P extends Shape, Q extends Shape, B extends Shape, R extends Record<number, z.ZodType> = Record<never, z.ZodType>>(
  tag: string,
  access: Access,
  spec: RouteSpec<P, Q, B, R>,
) {
  const response = spec.data
    ? { ...Object.fromEntries(Object.entries(spec.data).map(([status, data]) => [status, envelope(data)])), ...errorResponses(...(spec.errors ?? [])) }
    : undefined;
  const schema = {
    tags: [tag],
    summary: spec.summary,
    ...(spec.description === undefined ? {} : { description: spec.description }),
    ...(access === "public" ? {} : { security: bearerSecurity }),
    ...(spec.consumes ? { consumes: spec.consumes } : {}),
    ...(spec.produces ? { produces: spec.produces } : {}),
    ...(spec.params ? { params: spec.params } : {}),
    ...(spec.querystring ? { querystring: spec.querystring } : {}),
    ...(spec.body ? { body: spec.body } : {}),
    ...(response ? { response } : {}),
  } as { tags: string[]; summary: string; description?: string; params: P; querystring: Q; body: B; response: [keyof R] extends [never] ? undefined : Enveloped<R> };
  return { onRequest: HOOKS[access], schema };
}
