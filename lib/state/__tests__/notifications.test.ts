import { describe, expect, test } from "@jest/globals";
import { type AppNotification, initialNotificationsState, resetNotifications, unreadCount } from "../notifications";
import { addNotifications, mergeNotifications, applyViewed, markNotificationsViewed, notificationToToast, receiveNotifications, receivePage } from "../notification-updates";

const item = (n: number): AppNotification => ({
  _id: `n${n}`,
  userId: "u1",
  title: `Título ${n}`,
  body: `Cuerpo ${n}`,
  createdAt: new Date(2025, 0, n).toISOString(),
});

describe("notifications store (docs/product.md#notifications-store)", () => {
  test("the first list is history: nothing unseen, lastCount is its length", () => {
    const state = receiveNotifications(initialNotificationsState, [item(2), item(1)]);
    expect(state).toMatchObject({ lastCount: 2, seen: 0, loaded: true });
    expect(notificationToToast(state)).toBeNull();
  });

  test("each new list after the first load increments seen", () => {
    let state = receiveNotifications(initialNotificationsState, [item(1)]);
    state = receiveNotifications(state, [item(2), item(1)]);
    expect(state.seen).toBe(1);
    state = receiveNotifications(state, [item(3), item(2), item(1)]);
    expect(state).toMatchObject({ seen: 2, lastCount: 1 });
  });

  test("while seen is above 0 the toast shows the first item's title and body", () => {
    let state = receiveNotifications(initialNotificationsState, []);
    state = receiveNotifications(state, [item(5), item(4)]);
    expect(notificationToToast(state)).toEqual({ title: "Título 5", body: "Cuerpo 5" });
  });

  test("marking viewed resets seen and sets lastCount to the current length", () => {
    let state = receiveNotifications(initialNotificationsState, [item(1)]);
    state = receiveNotifications(state, [item(3), item(2), item(1)]);
    state = markNotificationsViewed(state);
    expect(state).toMatchObject({ seen: 0, lastCount: 3 });
    expect(notificationToToast(state)).toBeNull();
  });

  test("does not mutate the previous state", () => {
    const before = receiveNotifications(initialNotificationsState, [item(1)]);
    const snapshot = JSON.parse(JSON.stringify(before)) as typeof before;
    receiveNotifications(before, [item(2)]);
    markNotificationsViewed(before);
    expect(before).toEqual(snapshot);
  });

  test("reset forgets everything", () => {
    expect(resetNotifications()).toEqual({ list: [], lastCount: 0, seen: 0, loaded: false, unviewed: 0 });
  });

  test("merging keeps one copy per id, newest first", () => {
    const merged = mergeNotifications([item(1), item(3)], [item(2), { ...item(3), title: "Editado" }]);
    expect(merged.map((n) => n._id)).toEqual(["n3", "n2", "n1"]);
    expect(merged[0]?.title).toBe("Editado");
  });

  test("a new item from the stream makes a new list; a replayed one does not", () => {
    let state = addNotifications(initialNotificationsState, [item(1)]);
    expect(state).toMatchObject({ seen: 0, loaded: true, lastCount: 1 });
    state = addNotifications(state, [item(2)]);
    expect(state.seen).toBe(1);
    expect(state.list.map((n) => n._id)).toEqual(["n2", "n1"]);
    expect(addNotifications(state, [item(2)])).toBe(state);
    expect(notificationToToast(state)).toEqual({ title: "Título 2", body: "Cuerpo 2" });
  });

  test("an empty first load still counts as loaded", () => {
    const state = addNotifications(initialNotificationsState, []);
    expect(state).toMatchObject({ loaded: true, seen: 0 });
    expect(addNotifications(state, []).seen).toBe(0);
  });

  test("the unread count at start is the server's, not the loaded list's", () => {
    const state = receivePage(initialNotificationsState, { items: [{ ...item(2), viewed: false }, { ...item(1), viewed: true }], unviewed: 57 });
    expect(unreadCount(state)).toBe(57);
    expect(state.seen).toBe(0);
  });

  test("each unread arrival not listed yet adds one; a replay or a read one does not", () => {
    let state = receivePage(initialNotificationsState, { items: [item(1)], unviewed: 4 });
    state = addNotifications(state, [{ ...item(2), viewed: false }]);
    expect(unreadCount(state)).toBe(5);
    state = addNotifications(state, [{ ...item(2), viewed: false }]);
    expect(unreadCount(state)).toBe(5);
    state = addNotifications(state, [{ ...item(3), viewed: true }]);
    expect(unreadCount(state)).toBe(5);
  });

  test("a later page from the server (catch-up) replaces the count with the server's", () => {
    let state = receivePage(initialNotificationsState, { items: [item(1)], unviewed: 4 });
    state = addNotifications(state, [{ ...item(2), viewed: false }]);
    state = receivePage(state, { items: [{ ...item(3), viewed: false }, { ...item(2), viewed: false }], unviewed: 6 });
    expect(unreadCount(state)).toBe(6);
  });

  test("marking some or all read shows them read and takes the server's count", () => {
    const state = receivePage(initialNotificationsState, { items: [{ ...item(3), viewed: false }, { ...item(2), viewed: false }, { ...item(1), viewed: false }], unviewed: 70 });
    const one = applyViewed(state, ["n2"], 69);
    expect(one.list.map((n) => n.viewed)).toEqual([false, true, false]);
    expect(unreadCount(one)).toBe(69);
    const all = applyViewed(one, null, 0);
    expect(all.list.every((n) => n.viewed)).toBe(true);
    expect(unreadCount(all)).toBe(0);
  });
});
