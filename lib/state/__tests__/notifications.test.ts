import { describe, expect, test } from "@jest/globals";
import {
  type AppNotification,
  initialNotificationsState,
  markNotificationsViewed,
  notificationToToast,
  receiveNotifications,
  resetNotifications,
  unseenCount,
} from "../notifications";

const item = (n: number): AppNotification => ({
  _id: `n${n}`,
  userId: "u1",
  title: `Título ${n}`,
  body: `Cuerpo ${n}`,
  createdAt: new Date(2025, 0, n).toISOString(),
});

describe("notifications store (SPEC §4)", () => {
  test("the first list is history: nothing unseen, lastCount is its length", () => {
    const state = receiveNotifications(initialNotificationsState, [item(2), item(1)]);
    expect(state).toMatchObject({ lastCount: 2, seen: 0, loaded: true });
    expect(unseenCount(state)).toBe(0);
    expect(notificationToToast(state)).toBeNull();
  });

  test("each new list after the first load increments seen", () => {
    let state = receiveNotifications(initialNotificationsState, [item(1)]);
    state = receiveNotifications(state, [item(2), item(1)]);
    expect(state.seen).toBe(1);
    state = receiveNotifications(state, [item(3), item(2), item(1)]);
    expect(state).toMatchObject({ seen: 2, lastCount: 1 });
    expect(unseenCount(state)).toBe(2);
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
    expect(resetNotifications()).toEqual({ list: [], lastCount: 0, seen: 0, loaded: false });
  });
});
