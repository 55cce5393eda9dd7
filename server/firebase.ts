import { getApps, initializeApp } from "firebase-admin/app";
import { getAuth, type Auth, type DecodedIdToken } from "firebase-admin/auth";

// One named firebase-admin app per project id: tests and the server may build several Fastify
// instances in one process, and initializeApp throws if the same name is initialised twice.
// Whether the Auth emulator is used is decided by FIREBASE_AUTH_EMULATOR_HOST, which env.ts sets.

export function firebaseAuthFor(projectId: string): Auth {
  const name = `plaza:${projectId}`;
  const app = getApps().find((candidate) => candidate.name === name) ?? initializeApp({ projectId }, name);
  return getAuth(app);
}

const EMULATOR_VARIABLE = "FIREBASE_AUTH_EMULATOR_HOST";

/**
 * Verifies an ID token in the mode this app was configured with, whatever process.env says.
 * firebase-admin reads FIREBASE_AUTH_EMULATOR_HOST on every call and, when it is set, accepts
 * unsigned tokens; an app configured for a real project must never inherit that from its process
 * (a test runner, another app, a stray shell variable). firebase-admin decides at the synchronous
 * start of the call, so the variable is hidden just for that moment.
 */
export function verifyIdTokenInMode(auth: Auth, token: string, mode: { emulator: boolean }): Promise<DecodedIdToken> {
  if (mode.emulator) return auth.verifyIdToken(token);
  // Real projects only sign with RS256; refusing anything else up front does not depend on how
  // firebase-admin reads its environment.
  if (jwtAlgorithm(token) !== "RS256") {
    return Promise.reject(Object.assign(new Error("El token no está firmado con RS256."), { code: "auth/argument-error" }));
  }
  const saved = process.env[EMULATOR_VARIABLE];
  delete process.env[EMULATOR_VARIABLE];
  try {
    return auth.verifyIdToken(token);
  } finally {
    if (saved !== undefined) process.env[EMULATOR_VARIABLE] = saved;
  }
}

function jwtAlgorithm(token: string): unknown {
  try {
    return (JSON.parse(Buffer.from(token.split(".")[0] ?? "", "base64url").toString("utf8")) as { alg?: unknown }).alg;
  } catch {
    return undefined;
  }
}
