import { afterEach, describe, expect, jest, test } from "@jest/globals";

const KEYS = [
  "NEXT_PUBLIC_SALTILLO_VIVO",
  "NEXT_PUBLIC_BRAND",
  "NEXT_PUBLIC_IS_DEV",
  "NEXT_PUBLIC_API_BASE_URL",
  "NEXT_PUBLIC_AUTH_EMULATOR_URL",
  "NEXT_PUBLIC_BUILD_ID",
  "NEXT_PUBLIC_FIREBASE_API_KEY",
  "NEXT_PUBLIC_FIREBASE_PROJECT_ID",
] as const;
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));

async function loadConfig(env: Partial<Record<(typeof KEYS)[number], string>>) {
  for (const k of KEYS) delete process.env[k];
  Object.assign(process.env, env);
  jest.resetModules();
  return import("../config");
}

describe("config", () => {
  afterEach(() => {
    for (const k of KEYS) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });

  test("defaults: Plaza, not dev, /api, demo Firebase project, local emulator, build 'dev'", async () => {
    const config = await loadConfig({});
    expect(config.isSaltilloVivo).toBe(false);
    expect(config.isDev).toBe(false);
    expect(config.brand.name).toBe("Plaza");
    expect(config.apiBaseUrl).toBe("/api");
    expect(config.firebaseConfig).toMatchObject({ apiKey: "demo-api-key", projectId: "demo-plaza" });
    expect(config.authEmulatorUrl).toBe("http://127.0.0.1:9099");
    expect(config.buildId).toBe("dev");
  });

  test("the city variant and dev flag only switch on with 'true'", async () => {
    expect((await loadConfig({ NEXT_PUBLIC_SALTILLO_VIVO: "true", NEXT_PUBLIC_IS_DEV: "true" })).brand.name).toBe("Saltillo Vivo");
    const off = await loadConfig({ NEXT_PUBLIC_SALTILLO_VIVO: "1", NEXT_PUBLIC_IS_DEV: "yes" });
    expect([off.isSaltilloVivo, off.isDev]).toEqual([false, false]);
  });

  test("a brand is chosen by id from lib/brands/brands.json, with its colours and Apple launch screens", async () => {
    const saltillo = await loadConfig({ NEXT_PUBLIC_BRAND: "saltillo-vivo" });
    expect(saltillo.isSaltilloVivo).toBe(true);
    expect(saltillo.brand).toMatchObject({ id: "saltillo-vivo", name: "Saltillo Vivo", shortName: "Saltillo Vivo", themeColor: "#b3261e" });
    expect(saltillo.appleStartupImages).toContainEqual({
      url: "/icons/splash-1170x2532.png",
      media: "(device-width: 390px) and (device-height: 844px) and (-webkit-device-pixel-ratio: 3) and (orientation: portrait)",
    });
    // The build passes its resolved brand, which wins over the older flag.
    expect((await loadConfig({ NEXT_PUBLIC_BRAND: "plaza", NEXT_PUBLIC_SALTILLO_VIVO: "true" })).brand.name).toBe("Plaza");
    await expect(loadConfig({ NEXT_PUBLIC_BRAND: "monterrey" })).rejects.toThrow('NEXT_PUBLIC_BRAND="monterrey" no existe');
  });

  test("an empty emulator URL means a real Firebase project", async () => {
    expect((await loadConfig({ NEXT_PUBLIC_AUTH_EMULATOR_URL: "" })).authEmulatorUrl).toBeNull();
  });

  test("overrides are used, the API base without its trailing slash", async () => {
    const config = await loadConfig({
      NEXT_PUBLIC_API_BASE_URL: "https://api.plaza.mx/api/",
      NEXT_PUBLIC_BUILD_ID: "2025-11-21",
      NEXT_PUBLIC_FIREBASE_PROJECT_ID: "plaza-prod",
    });
    expect(config.apiBaseUrl).toBe("https://api.plaza.mx/api");
    expect(config.buildId).toBe("2025-11-21");
    expect(config.firebaseConfig.projectId).toBe("plaza-prod");
  });
});
