import path from "node:path";
import { describe, expect, it } from "@jest/globals";
import { EnvError, loadEnv } from "../env";

describe("variables de entorno", () => {
  const base = {
    PORT: "",
    HOST: "",
    DATABASE_URL: "",
    DATA_DIR: "",
    STATIC_DIR: "",
    FIREBASE_PROJECT_ID: "",
    FIREBASE_AUTH_EMULATOR_HOST: "",
    LOG_LEVEL: "",
    SEED_DEMO: "",
    BODY_LIMIT: "",
    RATE_LIMIT: "",
    RATE_LIMIT_SCALE: "",
    RATE_LIMIT_GLOBAL_MAX: "",
    REDIS_URL: "",
    RATE_LIMIT_REDIS_PREFIX: "",
    GEOCODER_USER_AGENT: "",
    NODE_ENV: "production",
  };

  it("usa valores por omisión pensados para el arranque local", () => {
    const env = loadEnv(base, "/srv/plaza");
    expect(env).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      databaseUrl: undefined,
      dataDir: path.resolve("/srv/plaza", ".data"),
      staticDir: path.resolve("/srv/plaza", "out"),
      firebaseProjectId: "demo-plaza",
      // demo-* projects only exist in the emulator, so it is implied.
      authEmulatorHost: "127.0.0.1:9099",
      logLevel: "info",
      seedDemo: true,
      bodyLimit: 1024 * 1024,
    });
  });

  it("no usa el emulador ni siembra datos de demostración con un proyecto real", () => {
    const env = loadEnv({ ...base, FIREBASE_PROJECT_ID: "plaza-produccion" });
    expect(env.authEmulatorHost).toBeUndefined();
    expect(env.seedDemo).toBe(false);
    expect(loadEnv({ ...base, FIREBASE_PROJECT_ID: "plaza-produccion", SEED_DEMO: "true" }).seedDemo).toBe(true);
  });

  it("lee booleanos, números y la URL de PostgreSQL", () => {
    const env = loadEnv({ ...base, PORT: "8080", SEED_DEMO: "no", BODY_LIMIT: "2048", DATABASE_URL: "postgres://u@db:5432/plaza" });
    expect(env).toMatchObject({ port: 8080, seedDemo: false, bodyLimit: 2048, databaseUrl: "postgres://u@db:5432/plaza" });
  });

  it("límites de peticiones: activos por omisión, en memoria; Redis y escala configurables", () => {
    expect(loadEnv(base).rateLimit).toEqual({ enabled: true, scale: 1, globalMax: 1200, redisUrl: undefined, redisPrefix: "plaza:rl:" });
    expect(loadEnv({ ...base, RATE_LIMIT: "off", RATE_LIMIT_SCALE: "2.5", REDIS_URL: "redis://cache:6379", RATE_LIMIT_GLOBAL_MAX: "300" }).rateLimit).toEqual({
      enabled: false,
      scale: 2.5,
      globalMax: 300,
      redisUrl: "redis://cache:6379",
      redisPrefix: "plaza:rl:",
    });
    expect(() => loadEnv({ ...base, RATE_LIMIT_SCALE: "0" })).toThrow(/RATE_LIMIT_SCALE/);
    expect(() => loadEnv({ ...base, REDIS_URL: "no es una url" })).toThrow(/REDIS_URL/);
    expect(loadEnv({ ...base, GEOCODER_USER_AGENT: "Plaza/1.0 (ops@ejemplo.mx)" }).geocoderUserAgent).toBe("Plaza/1.0 (ops@ejemplo.mx)");
  });

  it("rechaza valores inválidos con un error que nombra la variable", () => {
    expect(() => loadEnv({ ...base, PORT: "puerto" })).toThrow(EnvError);
    expect(() => loadEnv({ ...base, PORT: "puerto" })).toThrow(/PORT/);
    expect(() => loadEnv({ ...base, SEED_DEMO: "quizas" })).toThrow(/SEED_DEMO/);
    expect(() => loadEnv({ ...base, LOG_LEVEL: "ruidoso" })).toThrow(/LOG_LEVEL/);
  });
});
