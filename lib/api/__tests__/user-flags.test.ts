import { describe, expect, test } from "@jest/globals";
import type { User } from "@/lib/schemas/users";
import { makeUser } from "@/lib/__tests__/fixtures/user";
import {
  isFollowing,
  withAdminRole,
  withFollower,
  withFollowing,
  withVerificationRejected,
  withVerificationRequest,
  withVerified,
} from "../user-flags";

const user: User = makeUser({ _id: "u1", name: "Mariana", following: { users: ["u2"], events: [], places: [], news: [], communities: [], tags: [] } });

describe("user flags (docs/product.md#user-flags)", () => {
  test("verify sets verified true, unverify false; an approval closes the pending request", () => {
    const pending = withVerificationRequest(user, "artista");
    const verified = withVerified(pending, true);
    expect(verified.verified).toBe(true);
    expect(verified.requestingVerification).toMatchObject({ sent: false, type: "artista" });
    expect(withVerified(verified, false).verified).toBe(false);
  });

  test("set as admin: ADMIN and not verified; removal: NORMAL and verified", () => {
    const admin = withAdminRole({ ...user, verified: true }, false);
    expect(admin).toMatchObject({ accountType: "ADMIN", verified: false });
    expect(withAdminRole(admin, true)).toMatchObject({ accountType: "NORMAL", verified: true });
  });

  test("a verification request is sent with its type; a rejection clears sent", () => {
    const sent = withVerificationRequest(user, "lugar");
    expect(sent.requestingVerification).toMatchObject({ sent: true, type: "lugar", rejectionReason: null });
    expect(withVerificationRejected(sent).requestingVerification).toMatchObject({ sent: false, type: "lugar" });
    const rejected = makeUser({ requestingVerification: { sent: false, type: "lugar", requestedAt: null, rejectionReason: "Faltan datos" } });
    expect(withVerificationRequest(rejected, "medio").requestingVerification).toMatchObject({ sent: true, type: "medio", rejectionReason: null });
  });

  test("following adds or removes the id in following.users, never twice", () => {
    const followed = withFollowing(user, "u3", true);
    expect(followed.following.users).toEqual(["u2", "u3"]);
    expect(withFollowing(followed, "u3", true)).toBe(followed);
    expect(withFollowing(followed, "u2", false).following.users).toEqual(["u3"]);
    expect(withFollowing(user, "u9", false)).toBe(user);
    expect(followed.following.events).toBe(user.following.events);
  });

  test("counts follow the lists when the copy has them, never below zero", () => {
    const withCounts = { ...user, followingCount: 1 };
    expect(withFollowing({ following: { users: [] as string[] } }, "u3", true)).toEqual({ following: { users: ["u3"] } });
    expect(withFollowing(withCounts, "u3", true).followingCount).toBe(2);
    expect(withFollowing(withCounts, "u2", false).followingCount).toBe(0);
    expect(withFollower({ followersCount: 4 }, true).followersCount).toBe(5);
    expect(withFollower({ followersCount: 0 }, false).followersCount).toBe(0);
    expect(withFollower({}, true)).toEqual({});
  });

  test("edits never mutate the cached object", () => {
    const frozen = Object.freeze({ ...user, following: Object.freeze({ ...user.following, users: Object.freeze(["u2"]) }) }) as User;
    expect(() => withFollowing(frozen, "u3", true)).not.toThrow();
    expect(() => withVerified(frozen, true)).not.toThrow();
    expect(frozen.following.users).toEqual(["u2"]);
  });

  test("isFollowing reads following.users", () => {
    expect(isFollowing(user, "u2")).toBe(true);
    expect(isFollowing(user, "u3")).toBe(false);
    expect(isFollowing(null, "u2")).toBe(false);
  });
});
