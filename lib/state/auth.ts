import { atom } from "jotai";
import type { User } from "@/lib/schemas/users";
import { isAdminAccount } from "@/lib/schemas/constants";
import type { IdentityUser } from "@/lib/auth/firebase";

/** The profile the API knows, plus the flag the client derives from the account type. */
export type SessionUser = User & { isAdmin: boolean };

export function toSessionUser(user: User): SessionUser {
  return { ...user, isAdmin: isAdminAccount(user.accountType) };
}

/** The signed-in user's profile; null when logged out or when the identity has no profile yet. */
export const authUserAtom = atom<SessionUser | null>(null);

/** The Firebase identity (exists before the profile, e.g. halfway through sign-up). */
export const identityAtom = atom<IdentityUser | null>(null);

/** Becomes true at the first sign-in state report; the loading view shows until then. */
export const authCheckedAtom = atom(false);

export const isSignedInAtom = atom((get) => get(authUserAtom) !== null);
export const isAdminAtom = atom((get) => get(authUserAtom)?.isAdmin ?? false);

/**
 * Where loading the signed-in user's profile stands: `no-profile` means the identity exists but
 * the API has no user for it yet (sign-up not finished).
 */
export type SessionStatus = "idle" | "loading" | "ready" | "no-profile" | "error";
export const sessionStatusAtom = atom<SessionStatus>("idle");
