// @database-independent: timers only (scripts/test.mjs runs it in one API run).
import { afterEach, beforeEach, describe, expect, it, jest } from "@jest/globals";
import { createHeartbeat } from "../heartbeat";

// The keep-alive comments of open notification streams: one timer per instance, and the streams'
// beats spread over the interval rather than all written in one tick.

describe("heartbeat", () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it("un solo temporizador para cualquier número de streams; cada uno late una vez por intervalo, repartidos", () => {
    const heartbeat = createHeartbeat(1000, { slots: 10 });
    const beats = Array.from({ length: 100 }, () => jest.fn());
    for (const beat of beats) heartbeat.add(beat);
    expect(jest.getTimerCount()).toBe(1);
    expect(heartbeat.size()).toBe(100);

    // Each tenth of the interval beats a tenth of the streams, never all at once.
    const beaten = () => beats.filter((beat) => beat.mock.calls.length > 0).length;
    jest.advanceTimersByTime(100);
    expect(beaten()).toBe(10);
    jest.advanceTimersByTime(900);
    expect(beats.map((beat) => beat.mock.calls.length)).toEqual(beats.map(() => 1));
    jest.advanceTimersByTime(1000);
    expect(beats.map((beat) => beat.mock.calls.length)).toEqual(beats.map(() => 2));
    heartbeat.stop();
  });

  it("un stream que se va deja de latir, y sin streams no queda temporizador", () => {
    const heartbeat = createHeartbeat(1000, { slots: 4 });
    const staying = jest.fn();
    const leaving = jest.fn();
    const removeStaying = heartbeat.add(staying);
    const removeLeaving = heartbeat.add(leaving);
    removeLeaving();
    removeLeaving();
    expect(heartbeat.size()).toBe(1);
    jest.advanceTimersByTime(1000);
    expect([staying.mock.calls.length, leaving.mock.calls.length]).toEqual([1, 0]);

    removeStaying();
    expect(heartbeat.size()).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
    // The next stream starts it again.
    const next = jest.fn();
    heartbeat.add(next);
    jest.advanceTimersByTime(1000);
    expect(next).toHaveBeenCalledTimes(1);
    heartbeat.stop();
    expect(jest.getTimerCount()).toBe(0);
  });
});
