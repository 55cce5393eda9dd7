import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Auth, DecodedIdToken } from "firebase-admin/auth";
import { ERROR_CODES } from "../../lib/schemas/errors";
import { isAdminAccount } from "../../lib/schemas/users";
import { banMessage } from "../../lib/schemas/ban-message";
import type { UserRow } from "../routes/users/rows";
import { verifyIdTokenInMode } from "../firebase";
import { forbidden, HttpError, invalidToken, unauthenticated } from "./errors";
import { viewerScope } from "./http-cache";

const REGISTRATION_REQUIRED = "Completa tu registro para continuar.";
/** docs/authorization.md#unverified-email: what an account whose email is not verified is told. */
export const EMAIL_NOT_VERIFIED_MESSAGE =
  "Verifica tu correo para publicar: abre el enlace que te enviamos o pide otro con «Reenviar correo» en el aviso de verificación.";

// Identity comes from Firebase ID tokens (`Authorization: Bearer <idToken>`), verified with
// firebase-admin against the configured project (or the Auth emulator). Roles and bans come from
// our users table, loaded at most once per request and only by routes that ask for them.

export interface Identity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  signInProvider: string | null;
  authTime: Date;
  /** When this token was issued (refreshes issue new ones); sessions are revoked by it. */
  issuedAt: Date;
}

declare module "fastify" {
  interface FastifyInstance {
    verifyIdToken(token: string): Promise<Identity>;
    loadUserById(uid: string): Promise<UserRow | null>;
    syncUserEmail(uid: string, email: string): Promise<UserRow | null>;
    isSessionRevoked(identity: Identity): Promise<boolean>;
    /**
     * A credential for calls the server makes in-process (app.inject) on behalf of a user who is
     * not there to send a token: scheduled re-imports of a subscribed calendar. 256 random bits,
     * kept only in this process's memory, valid for one minute; see internalIdentity.
     */
    internalToken(uid: string, email: string | null): string;
    resolveInternalToken(token: string): Identity | null;
  }
  interface FastifyContextConfig {
    /**
     * The route answers the person's own profile: the sign-in check reads the row with
     * AuthOptions.loadOwnProfile (row and relations in one statement) instead of loadUser.
     */
    ownProfile?: boolean;
    /**
     * A public read that reads the viewer's row itself, with what it adds for them, in one
     * statement or kept (loadCurrentUserWith). The sign-in check verifies the token up front and checks the
     * account when the row arrives; if the handler never reads it, before the answer is sent.
     */
    viewerInline?: boolean;
  }
  interface FastifyRequest {
    /** Set by the auth guards when a valid token came with the request. */
    identity: Identity | null;
    /** The registered user behind `identity` (memoised), or null. */
    loadCurrentUser(): Promise<UserRow | null>;
    /**
     * loadCurrentUser through `read`, which brings the row with something else (in the same
     * statement, or kept); `alongside` is null when the row was read before (or changed since),
     * and the caller reads it on its own.
     */
    loadCurrentUserWith<T>(read: (uid: string) => Promise<{ user: UserRow | null; alongside: T | null }>): Promise<{ user: UserRow | null; alongside: T | null }>;
    authState: AuthState | null;
  }
}

interface AuthState {
  checked: boolean;
  /** The account behind the identity, checked (see checkedAccount). */
  user?: Promise<UserRow | null>;
  /** viewerInline: the route reads the account itself. */
  accountPending?: boolean;
}

export interface AuthOptions {
  auth: Auth;
  /** Whether unsigned Auth emulator tokens are accepted: only when the app was configured for it. */
  emulator: boolean;
  loadUser(uid: string): Promise<UserRow | null>;
  /** loadUser for routes with `config.ownProfile`: the row read together with what their answer needs. */
  loadOwnProfile?(uid: string): Promise<UserRow | null>;
  /** Whether tokens of `uid` issued at `issuedAt` were revoked (account deleted since). */
  isSessionRevoked(uid: string, issuedAt: Date): Promise<boolean>;
  /** Stores the identity's new email on the profile; null when another profile holds it. */
  syncEmail?(uid: string, email: string): Promise<UserRow | null>;
  /** How long a verified token is remembered (ms); 0 disables the cache. */
  tokenCacheMs?: number;
}

// Verifying a token costs an RSA signature check, and against the Auth emulator a network round
// trip (firebase-admin always checks revocation there). A client sends the same token for up to
// an hour, so verified signatures are remembered briefly, never past their own expiry. Whether
// the account still exists is not part of that: it is read from the database on every request
// (see authenticate), so a deletion counts at once on every instance. Public reads with a token
// (viewerInline) go by the account their instance keeps under the content version
// (routes/content/viewer-rows.ts): another instance counts a deletion when its notice arrives.
const TOKEN_CACHE_MS = 60_000;
const TOKEN_CACHE_MAX = 5000;

const INTERNAL_PREFIX = "plaza-internal.";
const INTERNAL_TTL_MS = 60_000;

// Real ID tokens are ~1 KB; anything far larger is not worth handing to the verifier.
const MAX_TOKEN_LENGTH = 8192;

// Failures that mean "this token is not acceptable", as opposed to the verifier being unable to
// work (network, configuration), which must surface as a server error instead of a sign-out.
const TOKEN_ERROR_CODES = new Set([
  "auth/argument-error",
  "auth/invalid-argument",
  "auth/invalid-id-token",
  "auth/id-token-expired",
  "auth/id-token-revoked",
  "auth/user-disabled",
  "auth/user-not-found",
  "auth/invalid-credential",
]);

function toIdentity(decoded: DecodedIdToken): Identity {
  return {
    uid: decoded.uid,
    email: decoded.email ?? null,
    emailVerified: decoded.email_verified ?? false,
    signInProvider: decoded.firebase?.sign_in_provider ?? null,
    authTime: new Date(decoded.auth_time * 1000),
    issuedAt: new Date(decoded.iat * 1000),
  };
}

export function registerAuth(app: FastifyInstance, options: AuthOptions): void {
  const cacheMs = options.tokenCacheMs ?? TOKEN_CACHE_MS;
  const verified = new Map<string, { identity: Identity; until: number }>();
  app.decorate("verifyIdToken", async (token: string): Promise<Identity> => {
    const now = Date.now();
    const cached = verified.get(token);
    if (cached && cached.until > now) return cached.identity;
    if (cached) verified.delete(token);
    try {
      const decoded = await verifyIdTokenInMode(options.auth, token, { emulator: options.emulator });
      const identity = toIdentity(decoded);
      if (cacheMs > 0) {
        // Map order is insertion order: the oldest entry goes first when full.
        if (verified.size >= TOKEN_CACHE_MAX) verified.delete(verified.keys().next().value as string);
        verified.set(token, { identity, until: Math.min(now + cacheMs, decoded.exp * 1000) });
      }
      return identity;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === "string" && TOKEN_ERROR_CODES.has(code)) throw invalidToken();
      throw error;
    }
  });
  const internal = new Map<string, { identity: Identity; until: number }>();
  app.decorate("internalToken", (uid: string, email: string | null) => {
    const now = Date.now();
    for (const [token, entry] of internal) if (entry.until <= now) internal.delete(token);
    const token = `${INTERNAL_PREFIX}${randomBytes(32).toString("base64url")}`;
    const at = new Date(now);
    // The user published with a verified email to get here (subscriptions need it); bans and
    // roles are still read from the database on every inner call.
    internal.set(token, { identity: { uid, email, emailVerified: true, signInProvider: "plaza-internal", authTime: at, issuedAt: at }, until: now + INTERNAL_TTL_MS });
    return token;
  });
  app.decorate("resolveInternalToken", (token: string) => {
    const entry = internal.get(token);
    return entry && entry.until > Date.now() ? entry.identity : null;
  });
  app.decorate("loadUserById", options.loadUser);
  app.decorate("syncUserEmail", options.syncEmail ?? (async () => null));
  app.decorate("isSessionRevoked", (identity: Identity) => options.isSessionRevoked(identity.uid, identity.issuedAt));
  app.decorateRequest("identity", null);
  app.decorateRequest("authState", null);
  app.decorateRequest("loadCurrentUser", function (this: FastifyRequest) {
    const state = (this.authState ??= { checked: false });
    if (!this.identity) return Promise.resolve(null);
    const loadOwnProfile = this.routeOptions.config.ownProfile ? options.loadOwnProfile : undefined;
    state.user ??= checkedAccount(this, loadOwnProfile ? loadOwnProfile(this.identity.uid) : this.server.loadUserById(this.identity.uid));
    return state.user;
  });
  app.decorateRequest("loadCurrentUserWith", async function <T>(this: FastifyRequest, read: (uid: string) => Promise<{ user: UserRow | null; alongside: T | null }>) {
    const state = (this.authState ??= { checked: false });
    if (!this.identity) return { user: null, alongside: null };
    if (state.user) return { user: await this.loadCurrentUser(), alongside: null };
    const reading = read(this.identity.uid);
    state.user = checkedAccount(this, reading.then((found) => found.user));
    const [user, found] = await Promise.all([state.user, reading]);
    // The email mirror may have replaced the row: what was computed with the old one is not used.
    return { user, alongside: user !== null && user === found.user ? found.alongside : null };
  });
  // A viewerInline route that answers without having read its viewer still checks the account
  // (an error answer carries nothing to keep from it).
  app.addHook("preSerialization", async (request: FastifyRequest, reply: FastifyReply) => {
    if (reply.statusCode < 400 && request.authState?.accountPending && !request.authState.user) await request.loadCurrentUser();
  });
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header === undefined || header.trim() === "") return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1] || match[1].length > MAX_TOKEN_LENGTH) throw invalidToken();
  return match[1];
}

/** The identity behind an in-process credential; null for a Firebase token. Never from outside. */
function internalIdentity(request: FastifyRequest, token: string): Identity | null {
  if (!token.startsWith(INTERNAL_PREFIX)) return null;
  // Only in-process calls (light-my-request) may carry one; a real socket never does.
  if (!(request.raw as { _lightMyRequest?: unknown })._lightMyRequest) throw invalidToken();
  const identity = request.server.resolveInternalToken(token);
  if (!identity) throw invalidToken();
  return identity;
}

async function authenticate(request: FastifyRequest): Promise<Identity | null> {
  const state = (request.authState ??= { checked: false });
  if (state.checked) return request.identity;
  // Marked first so a rejected token is not verified again by a second guard.
  state.checked = true;
  const token = bearerToken(request);
  if (token === null) return null;
  const identity = internalIdentity(request, token) ?? (await request.server.verifyIdToken(token));
  request.identity = identity;
  if (request.routeOptions.config.viewerInline) state.accountPending = true;
  else await request.loadCurrentUser();
  return identity;
}

/**
 * The account as read, once it passed the checks every signed-in request gets. A token outlives
 * its account by up to an hour (Firebase does not know about our deletion, and in production does
 * not even check its own). Registered users are loaded anyway (one query most routes need); only a
 * token without a profile is checked against revocations.
 */
async function checkedAccount(request: FastifyRequest, read: Promise<UserRow | null>): Promise<UserRow | null> {
  const identity = request.identity!;
  const user = await read;
  if (user) return mirrorEmail(request, identity, user);
  if (await request.server.isSessionRevoked(identity)) {
    request.identity = null;
    throw invalidToken();
  }
  return null;
}

/**
 * docs/authorization.md#the-servers-copy-of-the-email: the profile's email follows the token's.
 * Only a token issued after the row last changed may move it, so a session still holding a token
 * with the old email (issued before the change) cannot turn it back.
 */
async function mirrorEmail(request: FastifyRequest, identity: Identity, user: UserRow): Promise<UserRow> {
  const email = identity.email;
  if (email === null || email.toLowerCase() === user.email.toLowerCase()) return user;
  if (identity.issuedAt.getTime() <= user.updatedAt.getTime()) return user;
  const updated = await request.server.syncUserEmail(user.id, email);
  if (!updated) {
    request.log.warn({ userId: user.id }, "El correo de la sesión ya pertenece a otro perfil; el perfil conserva el anterior.");
    return user;
  }
  // The account each instance keeps for public reads (routes/content/viewer-rows.ts) is out of
  // date now, whatever the request that carried the new email (a read, or a write that moves
  // nothing kept).
  if (request.server.hasDecorator("announceChange")) await request.server.announceChange([viewerScope(user.id)]);
  return updated;
}

/** The identity of a request that passed `requireIdentity` (throws 401 otherwise). */
export function identityOf(request: FastifyRequest): Identity {
  if (!request.identity) throw unauthenticated();
  return request.identity;
}

/** The signed-in user of a route guarded by requireUser. */
export async function currentUser(request: FastifyRequest): Promise<UserRow> {
  const user = await request.loadCurrentUser();
  if (!user) throw forbidden(REGISTRATION_REQUIRED);
  return user;
}

export function isBanActive(user: Pick<UserRow, "banEndsAt">, now: Date = new Date()): boolean {
  return user.banEndsAt !== null && user.banEndsAt.getTime() > now.getTime();
}

export function bannedError(user: Pick<UserRow, "banEndsAt" | "banReason">): HttpError {
  return forbidden(banMessage({ endDate: user.banEndsAt, reason: user.banReason }), ERROR_CODES.BANNED);
}

// Route guards, used as `onRequest` hooks so a missing or bad token is answered before the body
// is even read. A bad token is always a 401, even where signing in is optional, so the client
// knows to refresh or drop it.

/** Reads the token if there is one; anonymous requests pass. */
export async function optionalIdentity(request: FastifyRequest): Promise<void> {
  await authenticate(request);
}

/** A valid token is required; a profile is not (sign-up, initial data). */
export async function requireIdentity(request: FastifyRequest): Promise<void> {
  if (!(await authenticate(request))) throw unauthenticated();
}

/** A valid token of a registered user. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  await requireIdentity(request);
  if (!(await request.loadCurrentUser())) throw forbidden(REGISTRATION_REQUIRED);
}

/** A registered ADMIN or MASTER. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  const user = await request.loadCurrentUser();
  if (!user || !isAdminAccount(user.accountType)) throw forbidden();
}

/**
 * Publishing (creating events, places, news, communities) needs a verified email, read from the
 * token's email_verified claim: the identity provider is the one that knows, and a client that
 * just verified refreshes its token. Google and Apple sign-ins come verified.
 */
export async function requireVerifiedEmail(request: FastifyRequest): Promise<void> {
  if (!identityOf(request).emailVerified) throw forbidden(EMAIL_NOT_VERIFIED_MESSAGE, ERROR_CODES.EMAIL_NOT_VERIFIED);
}

/** For writes: a user whose ban is still running gets a 403 that says until when and why. */
export async function forbidBanned(request: FastifyRequest): Promise<void> {
  const user = await request.loadCurrentUser();
  if (user && isBanActive(user)) throw bannedError(user);
}
