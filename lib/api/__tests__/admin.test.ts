/**
 * @jest-environment node
 */

import { describe, expect, test } from "@jest/globals";
import { QueryClient } from "@tanstack/react-query";
import type { AccountType } from "@/lib/schemas/users";
import { makeUser } from "@/lib/__tests__/fixtures/user";
import { allowedActions, optimisticEdit } from "../admin";
import { restoreSnapshot, updateCachedUser, userQueries } from "../users";

const person = (id: string, accountType: AccountType, over: Partial<ReturnType<typeof makeUser>> = {}) =>
  makeUser({ _id: id, accountType, ...over });

describe("what the panel shows each role (docs/authorization.md)", () => {
  test("nobody acts on a MASTER or on themselves, and a NORMAL caller on no one", () => {
    expect(allowedActions(person("a", "ADMIN"), person("m", "MASTER")).size).toBe(0);
    expect(allowedActions(person("m", "MASTER"), person("m2", "MASTER")).size).toBe(0);
    expect(allowedActions(person("a", "ADMIN"), person("a", "ADMIN")).size).toBe(0);
    expect(allowedActions(person("n", "NORMAL"), person("x", "NORMAL")).size).toBe(0);
    expect(allowedActions(null, person("x", "NORMAL")).size).toBe(0);
  });

  test("only a MASTER acts on an ADMIN", () => {
    expect(allowedActions(person("a", "ADMIN"), person("a2", "ADMIN")).size).toBe(0);
    expect([...allowedActions(person("m", "MASTER"), person("a2", "ADMIN"))].sort()).toEqual(["ban", "impact", "removeAdmin", "verify"].sort());
  });

  test("an admin on a NORMAL account: the actions that fit its state", () => {
    const pending = person("x", "NORMAL", { requestingVerification: { sent: true, type: "artista", requestedAt: null, rejectionReason: null } });
    expect([...allowedActions(person("a", "ADMIN"), pending)].sort()).toEqual(["ban", "impact", "reject", "setAdmin", "verify"].sort());
    const verifiedBanned = person("y", "NORMAL", { verified: true, ban: { reason: "spam", endDate: "2030-01-01T00:00:00Z" } });
    expect([...allowedActions(person("a", "ADMIN"), verifiedBanned)].sort()).toEqual(["impact", "setAdmin", "unban", "unverify"].sort());
  });
});

describe("moderation cache edits (docs/product.md#user-flags)", () => {
  test("each action edits every cached copy and can be rolled back", () => {
    const queryClient = new QueryClient();
    const target = person("x", "NORMAL", { verified: true });
    queryClient.setQueryData(userQueries.detail("x").queryKey, target);
    queryClient.setQueryData(["users", "admin", "search", {}], { pages: [{ items: [target], nextCursor: null }], pageParams: [null] });

    const snapshot = updateCachedUser(queryClient, "x", optimisticEdit({ type: "setAdmin", userId: "x" })!);
    expect(queryClient.getQueryData(userQueries.detail("x").queryKey)).toMatchObject({ accountType: "ADMIN", verified: false });
    const page = queryClient.getQueryData<{ pages: { items: { accountType: string }[] }[] }>(["users", "admin", "search", {}]);
    expect(page?.pages[0]?.items[0]?.accountType).toBe("ADMIN");

    restoreSnapshot(queryClient, snapshot);
    expect(queryClient.getQueryData(userQueries.detail("x").queryKey)).toEqual(target);
    queryClient.clear();
  });

  test("remove admin, verify, unverify, impact, ban and unban", () => {
    const u = person("x", "ADMIN");
    expect(optimisticEdit({ type: "removeAdmin", userId: "x" })!(u)).toMatchObject({ accountType: "NORMAL", verified: true });
    expect(optimisticEdit({ type: "verify", userId: "x" })!(u)).toMatchObject({ verified: true });
    expect(optimisticEdit({ type: "unverify", userId: "x" })!({ ...u, verified: true })).toMatchObject({ verified: false });
    expect(optimisticEdit({ type: "impact", userId: "x", impact: 42 })!(u)).toMatchObject({ impact: 42 });
    const banned = optimisticEdit({ type: "ban", userId: "x", reason: "spam", endDate: "2030-01-01T00:00:00Z" })!(u);
    expect(banned.ban).toEqual({ reason: "spam", endDate: "2030-01-01T00:00:00Z" });
    expect(optimisticEdit({ type: "unban", userId: "x" })!(banned).ban).toBeNull();
  });
});
