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

export function uniqueEmail(prefix = "prueba"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@plaza.test`;
}

/** Creates a new email/password user in the emulator and returns its fresh ID token. */
export async function createEmulatorUser(options: { email?: string; password?: string } = {}): Promise<EmulatorUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? "Secreta-123";
  const result = await identityToolkit<{ localId: string; idToken: string }>("signUp", { email, password, returnSecureToken: true });
  // The emulator's sign-up token takes its auth_time from the start of the call but sets the
  // account's validSince a moment later; when a second boundary falls in between (a loaded
  // machine), firebase-admin rejects that token as revoked. A sign-in starts after validSince.
  const signedIn = await signInWithPassword(email, password);
  return { uid: result.localId, email, password, idToken: signedIn.idToken };
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
