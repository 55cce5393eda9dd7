// Reading processes from /proc (Linux), for benchmarks that report CPU and memory beside their
// figures. Every reader returns null (or skips) where /proc or the process is gone.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" })) || 100;
  } catch {
    return 100;
  }
})();

/**
 * The fields of /proc/<pid>/stat after the parenthesised name (which may itself hold spaces and
 * parentheses), with that name: fields[0] is the state, [1] the parent, [11]–[14] utime, stime,
 * cutime and cstime in clock ticks. null when the process is gone.
 */
export function procStat(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const end = stat.lastIndexOf(")");
    return { name: stat.slice(stat.indexOf("(") + 1, end), fields: stat.slice(end + 2).split(" ") };
  } catch {
    return null;
  }
}

/** The pids /proc lists now. */
export function allPids() {
  try {
    return fs.readdirSync("/proc").filter((entry) => /^\d+$/.test(entry)).map(Number);
  } catch {
    return [];
  }
}

/** `ticks` of CPU time in milliseconds. */
export function ticksToMs(ticks) {
  return (ticks * 1000) / CLOCK_TICKS;
}

/** A kB field of /proc/<pid>/status (VmRSS, VmHWM…), or null when the process is gone. */
export function procStatusKb(pid, field) {
  try {
    const value = new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return value === undefined ? null : Number(value);
  } catch {
    return null;
  }
}

/**
 * The scheduler's account of one thread (/proc/<pid>/task/<tid>/schedstat): nanoseconds on a core,
 * nanoseconds runnable but waiting for one, and how many times it got one. A process's main
 * thread is the task whose tid is its pid. null where /proc or the thread is gone.
 */
export function threadSchedstat(pid, tid = pid) {
  try {
    const [onCpuNs, waitingNs, slices] = fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").trim().split(/\s+/).map(Number);
    return { onCpuNs, waitingNs, slices };
  } catch {
    return null;
  }
}
