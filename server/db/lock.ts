import fs from "node:fs";

// PGlite has no lock of its own on its data folder and two processes writing one folder corrupt
// it, so the first opener writes its pid into a lock file and everyone else refuses to start.

export class DatabaseLockedError extends Error {
  constructor(public readonly pid: number) {
    super(`La base de datos ya está abierta por otro proceso (pid ${pid})`);
    this.name = "DatabaseLockedError";
  }
}

export interface FolderLock {
  readonly path: string;
  release(): void;
}

/** Whether a process with this pid still runs (also one of another user's). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else, so the lock is live.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readPid(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockPath, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes the lock or throws DatabaseLockedError. A lock whose pid is dead (or unreadable) is stale:
 * the process that held it crashed, so it is taken over. Another handle in this same process
 * counts as a live holder too, since PGlite would still see two writers.
 */
export function acquireFolderLock(lockPath: string): FolderLock {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      return {
        path: lockPath,
        release() {
          // Only remove the file if it is still ours (a takeover may have replaced it).
          if (readPid(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = readPid(lockPath);
    if (holder !== null && isProcessAlive(holder)) throw new DatabaseLockedError(holder);
    fs.rmSync(lockPath, { force: true });
  }
  const holder = readPid(lockPath);
  throw new DatabaseLockedError(holder ?? 0);
}
