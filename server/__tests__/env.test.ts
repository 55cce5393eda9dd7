// @database-independent: reads settings only (scripts/test.mjs runs it in one API run).
import path from "node:path";
import { afterEach, describe, expect, it } from "@jest/globals";
import { EnvError, isLoopbackHost, loadEnv } from "../env";

// loadEnv writes the emulator host into process.env (firebase-admin reads it there): put back
// what the test run started with.
const startingEmulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
afterEach(() => {
  if (startingEmulatorHost === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  else process.env.FIREBASE_AUTH_EMULATOR_HOST = startingEmulatorHost;
});

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
    PUBLIC_URL: "",
    PLAZA_ALLOW_EMULATOR_ON_NETWORK: "",
    RATE_LIMIT: "",
    RATE_LIMIT_SCALE: "",
    RATE_LIMIT_GLOBAL_MAX: "",
    REDIS_URL: "",
    RATE_LIMIT_REDIS_PREFIX: "",
    GEOCODER_USER_AGENT: "",
    NODE_ENV: "production",
  };
  // What `npm start` passes: the emulator, asked for by name.
  const local = { ...base, NODE_ENV: "", FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" };
  // A production deployment: a real project and the public address.
  const production = { ...base, FIREBASE_PROJECT_ID: "plaza-produccion", PUBLIC_URL: "https://plaza.ejemplo.mx" };

  it("usa valores por omisión pensados para el arranque local", () => {
    const env = loadEnv(local, "/srv/plaza");
    expect(env).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      databaseUrl: undefined,
      dataDir: path.resolve("/srv/plaza", ".data"),
      staticDir: path.resolve("/srv/plaza", "out"),
      firebaseProjectId: "demo-plaza",
      authEmulatorHost: "127.0.0.1:9099",
      publicUrl: "http://localhost:3000",
      logLevel: "info",
      seedDemo: true,
      bodyLimit: 1024 * 1024,
    });
    expect(loadEnv({ ...local, PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
  });

  it("no usa el emulador ni siembra datos de demostración con un proyecto real", () => {
    const env = loadEnv(production);
    expect(env.authEmulatorHost).toBeUndefined();
    expect(env.seedDemo).toBe(false);
    expect(env.firebaseProjectId).toBe("plaza-produccion");
    expect(env.publicUrl).toBe("https://plaza.ejemplo.mx");
    expect(loadEnv({ ...production, SEED_DEMO: "true" }).seedDemo).toBe(true);
    expect(loadEnv({ ...base, NODE_ENV: "", FIREBASE_PROJECT_ID: "plaza-produccion" }).authEmulatorHost).toBeUndefined();
  });

  it("lee booleanos, números y la URL de PostgreSQL", () => {
    const env = loadEnv({ ...local, PORT: "8080", SEED_DEMO: "no", BODY_LIMIT: "2048", DATABASE_URL: "postgres://u@db:5432/plaza" });
    expect(env).toMatchObject({ port: 8080, seedDemo: false, bodyLimit: 2048, databaseUrl: "postgres://u@db:5432/plaza" });
  });

  it("la espera por el emulador de Auth: ninguna por omisión, la que pida npm start, nunca negativa", () => {
    expect(loadEnv(local).authEmulatorWaitMs).toBe(0);
    expect(loadEnv({ ...local, AUTH_EMULATOR_WAIT_MS: "120000" }).authEmulatorWaitMs).toBe(120_000);
    expect(() => loadEnv({ ...local, AUTH_EMULATOR_WAIT_MS: "-1" })).toThrow("AUTH_EMULATOR_WAIT_MS");
    // Listo cuando abre su puerto, salvo que npm start pida esperar su aviso.
    expect(loadEnv(local).authEmulatorReady).toBe("port");
    expect(loadEnv({ ...local, AUTH_EMULATOR_READY: "message" }).authEmulatorReady).toBe("message");
    expect(() => loadEnv({ ...local, AUTH_EMULATOR_READY: "pronto" })).toThrow("AUTH_EMULATOR_READY");
  });

  it("un ajuste que no se puede leer se dice en español, con su nombre", () => {
    expect(() => loadEnv({ ...local, BODY_LIMIT: "mucho" })).toThrow("BODY_LIMIT: Entrada inválida: se esperaba número");
    expect(() => loadEnv({ ...local, LOG_LEVEL: "todo" })).toThrow(/LOG_LEVEL: Opción inválida: se esperaba una de/);
  });

  it("el export de la PWA: listo al arrancar, salvo que npm start pida esperar su aviso mientras lo construye", () => {
    expect(loadEnv(local).staticDirReady).toBe("now");
    expect(loadEnv({ ...local, STATIC_DIR_READY: "message" }).staticDirReady).toBe("message");
    expect(() => loadEnv({ ...local, STATIC_DIR_READY: "luego" })).toThrow("STATIC_DIR_READY");
  });

  it("límites de peticiones: activos por omisión, en memoria; Redis y escala configurables", () => {
    expect(loadEnv(local).rateLimit).toEqual({ enabled: true, scale: 1, globalMax: 1200, redisUrl: undefined, redisPrefix: "plaza:rl:" });
    expect(loadEnv({ ...local, RATE_LIMIT: "off", RATE_LIMIT_SCALE: "2.5", REDIS_URL: "redis://cache:6379", RATE_LIMIT_GLOBAL_MAX: "300" }).rateLimit).toEqual({
      enabled: false,
      scale: 2.5,
      globalMax: 300,
      redisUrl: "redis://cache:6379",
      redisPrefix: "plaza:rl:",
    });
    expect(() => loadEnv({ ...local, RATE_LIMIT_SCALE: "0" })).toThrow(/RATE_LIMIT_SCALE/);
    expect(() => loadEnv({ ...local, REDIS_URL: "no es una url" })).toThrow(/REDIS_URL/);
    expect(loadEnv({ ...local, GEOCODER_USER_AGENT: "Plaza/1.0 (ops@ejemplo.mx)" }).geocoderUserAgent).toBe("Plaza/1.0 (ops@ejemplo.mx)");
  });

  it("rechaza valores inválidos con un error que nombra la variable", () => {
    expect(() => loadEnv({ ...local, PORT: "puerto" })).toThrow(EnvError);
    expect(() => loadEnv({ ...local, PORT: "puerto" })).toThrow(/PORT/);
    expect(() => loadEnv({ ...local, SEED_DEMO: "quizas" })).toThrow(/SEED_DEMO/);
    expect(() => loadEnv({ ...local, LOG_LEVEL: "ruidoso" })).toThrow(/LOG_LEVEL/);
  });

  it("la espera de la portada de una página: 150 ms salvo que se diga otra cosa, y nunca tanta que retenga la página", () => {
    expect(loadEnv(local).coverPreviewBudgetMs).toBe(150);
    expect(loadEnv({ ...local, COVER_PREVIEW_BUDGET_MS: "400" }).coverPreviewBudgetMs).toBe(400);
    for (const value of ["0", "5000", "pronto"]) expect(() => loadEnv({ ...local, COVER_PREVIEW_BUDGET_MS: value })).toThrow(/COVER_PREVIEW_BUDGET_MS/);
  });

  describe("el emulador de Auth solo cuando se pide y sin exponerlo", () => {
    const refusal = (overrides: Record<string, string>) => {
      try {
        loadEnv(overrides);
      } catch (error) {
        expect(error).toBeInstanceOf(EnvError);
        return (error as EnvError).message;
      }
      throw new Error("loadEnv aceptó una configuración que debía rechazar");
    };

    it("sin proyecto ni emulador no arranca y dice qué configurar", () => {
      const message = refusal({ ...base, NODE_ENV: "" });
      expect(message).toMatch(/FIREBASE_PROJECT_ID: falta/);
      expect(message).toMatch(/GOOGLE_APPLICATION_CREDENTIALS/);
      expect(message).toMatch(/FIREBASE_AUTH_EMULATOR_HOST=127\.0\.0\.1:9099/);
      // The variable is not left behind for firebase-admin either.
      delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
      refusal({ ...base, NODE_ENV: "" });
      expect(process.env.FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
    });

    it("un proyecto demo-* sin el emulador se rechaza: ya no lo activa solo", () => {
      expect(refusal({ ...base, NODE_ENV: "", FIREBASE_PROJECT_ID: "demo-plaza" })).toMatch(/"demo-plaza" es un proyecto de demostración/);
    });

    it("acepta el emulador pedido explícitamente mientras la API escucha en loopback", () => {
      for (const host of ["127.0.0.1", "127.3.2.1", "::1", "[::1]", "localhost", "LOCALHOST"]) {
        expect(loadEnv({ ...local, HOST: host })).toMatchObject({ host, authEmulatorHost: "127.0.0.1:9099", firebaseProjectId: "demo-plaza" });
      }
      // A real project may also be pointed at the emulator, on loopback.
      expect(loadEnv({ ...local, FIREBASE_PROJECT_ID: "plaza-staging" }).firebaseProjectId).toBe("plaza-staging");
      expect(loadEnv({ ...local, NODE_ENV: "test" }).authEmulatorHost).toBe("127.0.0.1:9099");
      expect(process.env.FIREBASE_AUTH_EMULATOR_HOST).toBe("127.0.0.1:9099");
    });

    it("rechaza el emulador con la API abierta a la red, salvo en un entorno de pruebas que lo declara", () => {
      for (const host of ["0.0.0.0", "::", "192.168.1.20", "plaza.internal", "::ffff:10.0.0.1"]) {
        const message = refusal({ ...local, HOST: host });
        expect(message).toMatch(/FIREBASE_AUTH_EMULATOR_HOST: con el emulador de Auth cualquiera puede entrar/);
        expect(message).toContain(`HOST=${host}`);
        expect(message).toMatch(/PLAZA_ALLOW_EMULATOR_ON_NETWORK=true/);
      }
      expect(refusal({ ...local, HOST: "0.0.0.0", PLAZA_ALLOW_EMULATOR_ON_NETWORK: "false" })).toMatch(/cualquiera puede entrar/);
      const allowed = loadEnv({ ...local, HOST: "0.0.0.0", PLAZA_ALLOW_EMULATOR_ON_NETWORK: "true" });
      expect(allowed).toMatchObject({ host: "0.0.0.0", authEmulatorHost: "127.0.0.1:9099" });
      expect(refusal({ ...local, PLAZA_ALLOW_EMULATOR_ON_NETWORK: "quizas" })).toMatch(/PLAZA_ALLOW_EMULATOR_ON_NETWORK/);
    });

    it("con NODE_ENV=production nunca usa el emulador, ni en loopback ni con el permiso de red", () => {
      const inProduction = { ...production, FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" };
      expect(refusal(inProduction)).toMatch(/no se permite con NODE_ENV=production/);
      expect(refusal({ ...inProduction, HOST: "0.0.0.0", PLAZA_ALLOW_EMULATOR_ON_NETWORK: "true" })).toMatch(/no se permite con NODE_ENV=production/);
      expect(refusal({ ...inProduction, FIREBASE_PROJECT_ID: "" })).toMatch(/no se permite con NODE_ENV=production/);
    });

    it("con NODE_ENV=production exige un proyecto real de Firebase", () => {
      expect(refusal({ ...production, FIREBASE_PROJECT_ID: "" })).toMatch(/NODE_ENV=production hace falta el id de tu proyecto real/);
      expect(refusal({ ...production, FIREBASE_PROJECT_ID: "demo-plaza" })).toMatch(/NODE_ENV=production hace falta el id de tu proyecto real/);
      expect(loadEnv({ ...production, HOST: "0.0.0.0" })).toMatchObject({ host: "0.0.0.0", authEmulatorHost: undefined });
    });

    it("reconoce qué direcciones son loopback", () => {
      expect(["127.0.0.1", "127.255.0.9", "::1", "[::1]", "localhost", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1"].every(isLoopbackHost)).toBe(true);
      expect(["0.0.0.0", "::", "10.0.0.1", "128.0.0.1", "localhost.example.com", ""].some(isLoopbackHost)).toBe(false);
    });
  });

  describe("PUBLIC_URL", () => {
    it("se guarda como origen, sin la barra final", () => {
      expect(loadEnv({ ...production, PUBLIC_URL: "https://plaza.ejemplo.mx/" }).publicUrl).toBe("https://plaza.ejemplo.mx");
      expect(loadEnv({ ...local, PUBLIC_URL: "http://192.168.1.5:3000" }).publicUrl).toBe("http://192.168.1.5:3000");
    });

    it("es obligatoria con NODE_ENV=production", () => {
      expect(() => loadEnv({ ...production, PUBLIC_URL: "" })).toThrow(/PUBLIC_URL: obligatoria con NODE_ENV=production/);
    });

    it("rechaza lo que no es un origen http(s)", () => {
      for (const value of ["plaza.ejemplo.mx", "ftp://plaza.ejemplo.mx", "https://plaza.ejemplo.mx/app", "https://plaza.ejemplo.mx/?x=1", "https://yo:clave@plaza.ejemplo.mx", "javascript:alert(1)"]) {
        expect(() => loadEnv({ ...production, PUBLIC_URL: value })).toThrow(/PUBLIC_URL: debe ser un origen http\(s\) sin ruta/);
      }
    });

    it("las importaciones solo leen direcciones privadas en local, y nunca con NODE_ENV=production", () => {
      expect(loadEnv(production).importAllowPrivateHosts).toEqual([]);
      expect(() => loadEnv({ ...production, IMPORT_ALLOW_PRIVATE_HOSTS: "127.0.0.1:8080" })).toThrow(/IMPORT_ALLOW_PRIVATE_HOSTS: .*no se permite con NODE_ENV=production/);
      expect(loadEnv({ ...local, IMPORT_ALLOW_PRIVATE_HOSTS: "127.0.0.1:8080, Localhost:3352" }).importAllowPrivateHosts).toEqual(["127.0.0.1:8080", "localhost:3352"]);
      expect(() => loadEnv({ ...local, IMPORT_ALLOW_PRIVATE_HOSTS: "127.0.0.1" })).toThrow(/cada entrada es host:puerto/);
    });
    it("junta todos los problemas en un solo mensaje", () => {
      expect(() => loadEnv({ ...base })).toThrow(/FIREBASE_PROJECT_ID[\s\S]*PUBLIC_URL/);
    });
  });
});
