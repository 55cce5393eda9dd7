// superstatic loads re2 inside try/catch and uses JavaScript RegExp without it; Plaza only runs
// the Auth emulator. See package.json "overrides".
throw new Error("re2 no está instalado en Plaza (solo hace falta para el emulador de Hosting).");
