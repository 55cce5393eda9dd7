import { getApps, initializeApp } from "firebase-admin/app";
import { getAuth, type Auth } from "firebase-admin/auth";

// One named firebase-admin app per project id: tests and the server may build several Fastify
// instances in one process, and initializeApp throws if the same name is initialised twice.
// Whether the Auth emulator is used is decided by FIREBASE_AUTH_EMULATOR_HOST, which env.ts sets.

export function firebaseAuthFor(projectId: string): Auth {
  const name = `plaza:${projectId}`;
  const app = getApps().find((candidate) => candidate.name === name) ?? initializeApp({ projectId }, name);
  return getAuth(app);
}
