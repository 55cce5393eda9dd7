// Small process orchestration helpers shared by start, test and bench scripts: spawn a child in
// its own process group (so Ctrl-C stops everything it started), prefix its output, and wait
// until it is ready.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const BIN = path.join(ROOT, "node_modules", ".bin");

/**
 * Whether the module at `url` (its import.meta.url) is the script node was started with. Compared
 * as URLs of real paths: a folder with a space or an accent is percent-encoded in `url`, and Node
 * gives `url` with symbolic links resolved (macOS's /var is /private/var).
 */
export function isMainModule(url) {
  if (process.argv[1] === undefined) return false;
  try {
    return url === pathToFileURL(fs.realpathSync(process.argv[1])).href;
  } catch {
    return false;
  }
}

/**
 * V8 flags of the API server process started by npm start and the benchmarks (the end-to-end
 * tests start it without them: they check behaviour, not speed). Young generation semi-spaces of
 * 32 MB instead of the 16 MB Node 20 gives on x64: each request allocates its rows, its
 * answer and its promises, and with the smaller ones V8 stopped to collect them so often that the
 * same signed-in reads took 5-15 % more CPU. 64 MB saved little more and held 8 KiB more memory
 * per open notification stream; 32 MB held none (docs/operations/rendimiento-bitacora.md).
 */
export const API_NODE_FLAGS = ["--max-semi-space-size=32"];

const children = new Set();
// Lines held back until a promise settles, one queue per promise: the children that wait on the
// same one show theirs in the order they came.
const heldByPromise = new WeakMap();

function heldOutput(until) {
  let held = heldByPromise.get(until);
  if (!held) {
    held = { waiting: true, lines: [] };
    heldByPromise.set(until, held);
    const release = () => {
      for (const [out, text] of held.lines) out.write(text);
      held.lines = [];
      held.waiting = false;
    };
    until.then(release, release);
  }
  return held;
}

/**
 * Starts `cmd args` in its own process group; output is prefixed with `[name]` unless quiet.
 * `ipc` opens Node's message channel to the child (`child.send`, `child.on("message")`).
 * `holdOutputUntil` (a promise) keeps the lines shown back until it settles, so a child started
 * beside a step that prints (npm start's build) does not scatter its own through it; `onLine`
 * still sees each line as it comes.
 */
export function startProcess(name, cmd, args, { env = {}, quiet = false, cwd = ROOT, onLine, ipc = false, holdOutputUntil } = {}) {
  const child = spawn(cmd, args, {
    cwd,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe", ...(ipc ? ["ipc"] : [])],
  });
  children.add(child);
  const lines = [];
  const held = holdOutputUntil ? heldOutput(holdOutputUntil) : null;
  const show = (out, text) => (held?.waiting ? held.lines.push([out, text]) : out.write(text));
  const pipe = (stream, out) => {
    let buf = "";
    stream.on("data", (chunk) => {
      buf += chunk.toString();
      let idx;
      while ((idx = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, idx);
        buf = buf.slice(idx + 1);
        lines.push(line);
        if (lines.length > 400) lines.shift();
        onLine?.(line);
        if (!quiet) show(out, `[${name}] ${line}\n`);
      }
    });
  };
  pipe(child.stdout, process.stdout);
  pipe(child.stderr, process.stderr);
  const exited = new Promise((resolve) => {
    child.on("exit", (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
  });
  return {
    child,
    name,
    exited,
    recentOutput: () => lines.join("\n"),
    stop: (signal = "SIGINT", graceMs = 10000) => stopChild(child, exited, signal, graceMs),
  };
}

async function stopChild(child, exited, signal, graceMs) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      /* already gone */
    }
  }, graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Answers `question` from a child started with `ipc` with `answer` once `ready` resolves; never
 * if it rejects (the child's own wait, if it has one, runs out).
 */
export function answerChild(child, question, answer, ready) {
  child.on("message", (message) => {
    if (message !== question) return;
    ready.then(
      // A callback, so a child that just exited is not an unhandled 'error' that stops the parent.
      () => child.connected && child.send(answer, () => {}),
      () => {},
    );
  });
}

/** Kills every child still running (used on unexpected exits). */
export function killAll() {
  for (const child of children) {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      /* already gone */
    }
  }
}

export function isPortOpen(port, host = "127.0.0.1") {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export async function waitFor(check, { timeoutMs = 60000, intervalMs = 200, what = "el servicio" } = {}) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`Tiempo de espera agotado esperando ${what}.`);
}

/**
 * Runs a command to completion with inherited output; resolves with its exit code. Aborting
 * `signal` stops it (SIGTERM).
 */
export function run(cmd, args, { env = {}, cwd = ROOT, output, signal } = {}) {
  return new Promise((resolve) => {
    // With `output` (an array), what the child prints is kept there instead of shown, so steps that
    // run side by side can print theirs whole, one after the other.
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: output ? ["ignore", "pipe", "pipe"] : "inherit", signal });
    // Stopped by the signal, the exit below says so (code null, a signal); a command that could not
    // start has no exit, only this.
    child.on("error", (error) => {
      if (error.name === "AbortError") return;
      if (output) output.push(Buffer.from(`${error.message}\n`));
      else console.error(error.message);
      resolve(1);
    });
    if (output) {
      child.stdout.on("data", (chunk) => output.push(chunk));
      child.stderr.on("data", (chunk) => output.push(chunk));
    }
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
