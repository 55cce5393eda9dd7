import { createECDH } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import webPush from "web-push";

// The server's VAPID key pair (RFC 8292): push services accept messages for a subscription only
// when signed by the key the browser subscribed with, so the pair must survive restarts. It comes
// from the configuration or, the first time, is generated into the data folder.

export interface VapidKeys {
  /** Uncompressed P-256 public key, unpadded base64url (the browser's applicationServerKey). */
  publicKey: string;
  /** The 32-byte private scalar, unpadded base64url. */
  privateKey: string;
}

export const VAPID_FILE = "vapid.json";

function fromBase64Url(value: string): Buffer | null {
  return /^[A-Za-z0-9_-]+=*$/.test(value) ? Buffer.from(value, "base64url") : null;
}

/** Why a key pair cannot be used (Spanish, for the start-up message), or null when it can. */
export function vapidKeysProblem(keys: VapidKeys): string | null {
  const publicKey = fromBase64Url(keys.publicKey);
  if (!publicKey || publicKey.length !== 65 || publicKey[0] !== 0x04) {
    return "la clave pública debe ser una clave P-256 sin comprimir (65 bytes) en base64url.";
  }
  const privateKey = fromBase64Url(keys.privateKey);
  if (!privateKey || privateKey.length !== 32) return "la clave privada debe tener 32 bytes en base64url.";
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(privateKey);
    if (!ecdh.getPublicKey().equals(publicKey)) return "la clave pública no corresponde a la clave privada.";
  } catch {
    return "la clave privada no es una clave P-256 válida.";
  }
  return null;
}

/**
 * The configured pair when given (checked), else the one in `<dataDir>/vapid.json`, created on
 * first use. Throws with a message that names the setting to fix.
 */
export function loadVapidKeys(options: { dataDir: string; configured?: Partial<VapidKeys> }): VapidKeys {
  const { publicKey, privateKey } = options.configured ?? {};
  if (publicKey || privateKey) {
    if (!publicKey || !privateKey) throw new Error("VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY: se configuran juntas (o ninguna, y se generan en la carpeta de datos).");
    const problem = vapidKeysProblem({ publicKey, privateKey });
    if (problem) throw new Error(`VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY: ${problem} Genera un par con \`npx web-push generate-vapid-keys\`.`);
    return { publicKey, privateKey };
  }
  const file = path.join(options.dataDir, VAPID_FILE);
  if (fs.existsSync(file)) {
    let stored: VapidKeys;
    try {
      stored = JSON.parse(fs.readFileSync(file, "utf8")) as VapidKeys;
    } catch {
      throw new Error(`${file}: no es JSON válido. Restáuralo desde un respaldo; si lo borras se genera otro par y cada navegador tendrá que volver a activar las notificaciones.`);
    }
    const problem = vapidKeysProblem(stored);
    if (problem) throw new Error(`${file}: ${problem}`);
    return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  }
  const generated = webPush.generateVAPIDKeys();
  fs.mkdirSync(options.dataDir, { recursive: true });
  try {
    // Only this process's user may read the private key; `wx` never overwrites a pair that
    // another instance starting at the same moment wrote first (then that one is used).
    fs.writeFileSync(file, `${JSON.stringify(generated, null, 2)}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return loadVapidKeys({ dataDir: options.dataDir });
    throw error;
  }
  return generated;
}
