import type { Auth } from "firebase-admin/auth";
import type { AccountType } from "../../lib/schemas/users";
import { notifyUsers } from "../routes/notifications/service";
import { createUsersRepository } from "../routes/users/repository";
import type { ImageStore } from "../storage/store";
import type { Database } from "./client";
import { seedContent } from "./seed-content";

// Spanish demo content for Saltillo, so a fresh machine shows a living city on first start.
// Steps run in order and each is idempotent; content seeds (events, places, news, communities)
// go after the users they reference.

export interface DemoAccount {
  uid: string;
  name: string;
  email: string;
  password: string;
  accountType: AccountType;
  verified: boolean;
  bio: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    uid: "demo-maestro",
    name: "Equipo Plaza Saltillo",
    email: "maestro@plaza.local",
    password: "Plaza-Maestro-2026!",
    accountType: "MASTER",
    verified: true,
    bio: "Cuenta maestra de Plaza en Saltillo.",
  },
  {
    uid: "demo-admin",
    name: "Andrea Villarreal",
    email: "admin@plaza.local",
    password: "Plaza-Admin-2026!",
    accountType: "ADMIN",
    verified: false,
    bio: "Moderación de la agenda cultural de Saltillo.",
  },
  {
    uid: "demo-organizador",
    name: "Colectivo Sarape Cultural",
    email: "organizador@plaza.local",
    password: "Plaza-Organiza-2026!",
    accountType: "NORMAL",
    verified: true,
    bio: "Conciertos, talleres y recorridos por el Centro Histórico de Saltillo.",
  },
  {
    uid: "demo-vecina",
    name: "Mariana Treviño",
    email: "vecina@plaza.local",
    password: "Plaza-Vecina-2026!",
    accountType: "NORMAL",
    verified: false,
    bio: "Me gusta enterarme de lo que pasa en la ciudad.",
  },
];

export interface SeedOptions {
  /** firebase-admin Auth; demo sign-ins are only created when it points at the emulator. */
  auth?: Auth | null;
  /** host:port of the Auth emulator; without it the identity service is never written to. */
  authEmulatorHost?: string;
  /** Where the demo content's pictures are copied; without it the content has none. */
  images?: ImageStore;
}

export interface SeedReport {
  /** Demo accounts present in the database (with their passwords, for the start banner). */
  accounts: DemoAccount[];
  /** True when this run filled an empty database. */
  seededDatabase: boolean;
  /** True when the demo accounts can sign in (they exist in the Auth emulator). */
  signInReady: boolean;
}

export async function seedDemo(database: Database, options: SeedOptions = {}): Promise<SeedReport> {
  const users = createUsersRepository(database);

  // Only an empty database is filled: once people use it, deleted demo rows stay deleted.
  const seededDatabase = (await users.count()) === 0;
  if (seededDatabase) {
    for (const account of DEMO_ACCOUNTS) {
      await users.create({
        id: account.uid,
        name: account.name,
        email: account.email,
        accountType: account.accountType,
        verified: account.verified,
        bio: account.bio,
      });
    }
    // The panel's verification queue and the notifications page have something on day one.
    await users.requestVerification("demo-vecina", "comunidad");
    await notifyUsers(database, [
      ...DEMO_ACCOUNTS.map((account) => ({
        userId: account.uid,
        kind: "welcome",
        title: "Te damos la bienvenida a Plaza",
        body: "Sigue lugares, comunidades y personas para enterarte de lo que pasa en Saltillo.",
        link: "/",
        idempotencyKey: "welcome",
      })),
      {
        userId: "demo-organizador",
        kind: "follow",
        title: "Nuevo seguidor",
        body: "Mariana Treviño empezó a seguirte",
        link: "/profile/demo-vecina",
        data: { actorId: "demo-vecina" },
        idempotencyKey: "follow:demo-vecina",
      },
    ]);
  }

  const accounts: DemoAccount[] = [];
  for (const account of DEMO_ACCOUNTS) {
    if (await users.findById(account.uid)) accounts.push(account);
  }

  // The emulator forgets its users when it restarts while the database keeps its rows, so the
  // sign-ins are ensured on every start. A real project is never written to.
  const signInReady = Boolean(options.auth && options.authEmulatorHost);
  if (options.auth && options.authEmulatorHost) {
    for (const account of accounts) await ensureEmulatorUser(options.auth, account);
  }

  await seedContent(database, { images: options.images });

  return { accounts, seededDatabase, signInReady };
}

/**
 * Create first, never check then create: several servers starting at once on one emulator (the
 * end-to-end workers, a second instance) would all see "not found" and all but one fail to start.
 * Exported for its test.
 */
export async function ensureEmulatorUser(auth: Auth, account: Pick<DemoAccount, "uid" | "email" | "password" | "name">): Promise<void> {
  try {
    await auth.createUser({
      uid: account.uid,
      email: account.email,
      password: account.password,
      displayName: account.name,
      emailVerified: true,
    });
  } catch (error) {
    // Already there, from an earlier start or a server starting beside this one; or someone
    // registered the demo email by hand under another uid: leave their account alone.
    const code = (error as { code?: string }).code;
    if (code !== "auth/uid-already-exists" && code !== "auth/email-already-exists") throw error;
  }
}
