import { randomUUID } from "node:crypto";
import { loadEnv } from "../env";

// Real ID tokens from the running Auth emulator, through the same REST API the web SDK uses.
// The emulator is started around the test run (scripts/with-emulator.mjs); it is never faked.

const API_KEY = "fake-api-key";

export interface EmulatorUser {
  uid: string;
  email: string | null;
  password: string;
  idToken: string;
}

function emulatorHost(): string {
  const host = loadEnv().authEmulatorHost;
  if (!host) throw new Error("Las pruebas necesitan el emulador de Auth (FIREBASE_AUTH_EMULATOR_HOST o un proyecto demo-*).");
  return host;
}

async function identityToolkit<T>(method: string, body: Record<string, unknown>): Promise<T> {
  const host = emulatorHost();
  let response: Response;
  try {
    response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${API_KEY}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new Error(
      `El emulador de Auth no responde en ${host}. Arráncalo con ` +
        "`npx firebase emulators:start --only auth --project demo-plaza` o usa `npm run test:api`.",
      { cause: error },
    );
  }
  const json = (await response.json()) as T & { error?: { message?: string } };
  if (!response.ok) throw new Error(`Emulador de Auth (${method}): ${json.error?.message ?? response.status}`);
  return json;
}

/** 60 random bits (a v4 UUID fixes one of these 16 hex digits): thousands of accounts a run, in one emulator, never meet (unique-email.test.ts). */
export function uniqueEmail(prefix = "prueba"): string {
  return `${prefix}-${randomUUID().replace(/-/g, "").slice(0, 16)}@plaza.test`;
}

/**
 * Creates a new email/password user in the emulator and returns its fresh ID token. The email is
 * verified unless `emailVerified: false` (publishing needs it, docs/authorization.md#unverified-email):
 * most tests are about something else and stand for a person who followed the link long ago.
 */
export async function createEmulatorUser(options: { email?: string; password?: string; emailVerified?: boolean } = {}): Promise<EmulatorUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? "Secreta-123";
  const result = await identityToolkit<{ localId: string; idToken: string }>("signUp", { email, password, returnSecureToken: true });
  if (options.emailVerified ?? true) await setEmailVerified(result.localId, true);
  // The emulator's sign-up token takes its auth_time from the start of the call but sets the
  // account's validSince a moment later; when a second boundary falls in between (a loaded
  // machine), firebase-admin rejects that token as revoked. A sign-in starts after validSince.
  const signedIn = await signInWithPassword(email, password);
  return { uid: result.localId, email, password, idToken: signedIn.idToken };
}

/** Marks the identity's email verified or not, as an administrator would (the token says so from the next sign-in). */
export async function setEmailVerified(uid: string, emailVerified: boolean): Promise<void> {
  const env = loadEnv();
  const response = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/projects/${env.firebaseProjectId}/accounts:update`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer owner" },
    body: JSON.stringify({ localId: uid, emailVerified }),
  });
  if (!response.ok) throw new Error(`Emulador de Auth (accounts:update): ${response.status}`);
}

/** An anonymous user: its token carries no email at all. */
export async function createAnonymousEmulatorUser(): Promise<EmulatorUser> {
  const result = await identityToolkit<{ localId: string; idToken: string }>("signUp", { returnSecureToken: true });
  return { uid: result.localId, email: null, password: "", idToken: result.idToken };
}

export async function signInWithPassword(email: string, password: string): Promise<{ uid: string; idToken: string }> {
  const result = await identityToolkit<{ localId: string; idToken: string }>("signInWithPassword", {
    email,
    password,
    returnSecureToken: true,
  });
  return { uid: result.localId, idToken: result.idToken };
}

export function bearer(user: { idToken: string }): { authorization: string } {
  return { authorization: `Bearer ${user.idToken}` };
}

/**
 * An unsigned token shaped like the emulator's, with the given claims over sane defaults; used to
 * present expired or foreign-project tokens, which the emulator itself would never hand out.
 */
export function craftedToken(claims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  const projectId = loadEnv().firebaseProjectId;
  const payload = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now - 60,
    iat: now - 60,
    exp: now + 3600,
    sub: "usuario-inventado",
    user_id: "usuario-inventado",
    firebase: { identities: {}, sign_in_provider: "password" },
    ...claims,
  };
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${encode({ alg: "none", typ: "JWT" })}.${encode(payload)}.`;
}

export type OobRequestType = "PASSWORD_RESET" | "VERIFY_EMAIL" | "VERIFY_AND_CHANGE_EMAIL";

/**
 * The newest out-of-band code the emulator "sent" to `email` (it keeps every email it would
 * have sent, instead of sending it), or null.
 */
export async function latestOobCode(email: string, requestType: OobRequestType): Promise<{ oobCode: string; oobLink: string } | null> {
  const response = await fetch(`http://${emulatorHost()}/emulator/v1/projects/${loadEnv().firebaseProjectId}/oobCodes`);
  if (!response.ok) throw new Error(`Emulador de Auth (oobCodes): ${response.status}`);
  const { oobCodes } = (await response.json()) as { oobCodes: { email: string; requestType: string; oobCode: string; oobLink: string }[] };
  const mine = oobCodes.filter((code) => code.email.toLowerCase() === email.toLowerCase() && code.requestType === requestType);
  return mine.at(-1) ?? null;
}

/**
 * Verifies the email the way a person does: the verification email is requested with the user's
 * own token, and its code is applied as the link would. Returns a fresh token, which carries the
 * new email_verified claim (the old one still says false).
 */
export async function verifyEmailThroughLink(user: { email: string | null; password: string; idToken: string }): Promise<{ uid: string; idToken: string }> {
  if (!user.email) throw new Error("Una cuenta sin correo no puede verificarlo.");
  await identityToolkit("sendOobCode", { requestType: "VERIFY_EMAIL", idToken: user.idToken });
  const code = await latestOobCode(user.email, "VERIFY_EMAIL");
  if (!code) throw new Error(`El emulador no guardó el correo de verificación de ${user.email}`);
  await identityToolkit("update", { oobCode: code.oobCode });
  return signInWithPassword(user.email, user.password);
}
