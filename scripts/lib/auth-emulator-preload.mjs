// Preloaded (`--import`) into the process of the Firebase Auth emulator (scripts/lib/emulator.mjs).
// When it starts, firebase-tools has exegesis compile, with ajv, the JSON schema of every request
// and response of the Identity Toolkit API: ~10 s of CPU on this project's machines, 79 % of its
// start, and every `npm start` and test run waits for it. exegesis can compile each schema the
// first time a call uses it instead (`lazyCompileValidationSchemas`, exegesis ≥ 4.2); firebase-tools
// does not ask for that, so this adds it to the options firebase-tools passes. The emulator
// validates the same calls with the same messages. If firebase-tools stops using exegesis-express,
// nothing here applies and the emulator just starts as slowly as before.
import { createRequire } from "node:module";
import path from "node:path";

try {
  const load = createRequire(import.meta.url);
  const firebaseTools = path.dirname(load.resolve("firebase-tools/package.json"));
  // The same module instance firebase-tools' auth emulator calls (CommonJS, one per path).
  const exegesisExpress = load(load.resolve("exegesis-express", { paths: [firebaseTools] }));
  const compile = exegesisExpress.middleware;
  if (typeof compile === "function") {
    exegesisExpress.middleware = (openApiDoc, options, done) => compile(openApiDoc, { ...options, lazyCompileValidationSchemas: true }, done);
  }
} catch {
  // Not where it was: the emulator starts unchanged.
}
