import fastq from "fastq";
import sharp, { type Metadata, type Sharp } from "sharp";
import { ERROR_CODES } from "../../lib/schemas/errors";
import { MAX_IMAGE_BYTES } from "../../lib/schemas/constants";
import { CONTENT_DEFAULT_WIDTH, CONTENT_WIDTHS } from "../../lib/content-images";
import { HttpError } from "../plugins/errors";

// The image pipeline every upload goes through: the bytes are checked by content (never by the
// file name or the declared type), decoded by sharp, turned upright, stripped of metadata (EXIF
// carries GPS positions and camera serials) and re-encoded as WebP in a few fixed sizes.
//
// Decoding is the costly part: a 7000×7000 PNG is 200 KB on the wire and ~150 MB once decoded.
// So the pixel count is read from the header before any decoding, the decode shrinks on load to
// about the largest size kept, a bounded number of images are worked on at once (the rest wait
// in a bounded queue; beyond it the answer is 503 with Retry-After), and each has a time limit.

export { MAX_IMAGE_BYTES };
// Phones save 12 MP (most Android, older iPhones) or 24 MP (iPhone 15 and later) by default;
// 40 MP keeps those and ordinary panoramas, while full-sensor 48–200 MP modes and pixel bombs
// are refused from the header, before they cost any memory.
export const MAX_IMAGE_PIXELS = 40_000_000;

export const IMAGE_TOO_LARGE_MESSAGE = "La imagen supera 8 MB.";
export const TOO_MANY_PIXELS_MESSAGE = "La imagen tiene demasiados píxeles (máximo 40 megapíxeles). Redúcela e inténtalo de nuevo.";
export const IMAGE_TOO_SLOW_MESSAGE = "La imagen tardó demasiado en procesarse. Prueba con una imagen más pequeña.";
export const IMAGES_BUSY_MESSAGE = "Estamos procesando muchas imágenes en este momento. Inténtalo de nuevo en unos segundos.";
export const IMAGES_BUSY_RETRY_AFTER_SECONDS = 5;
export const UNSUPPORTED_IMAGE_MESSAGE = "El archivo no es una imagen válida. Sube una imagen JPEG, PNG, WebP o AVIF.";

export type ImageFormat = "jpeg" | "png" | "webp" | "avif";

/** What each kind of image becomes: square crops for avatars, widths for the rest. */
export const IMAGE_KINDS = {
  avatar: { fit: "square", sizes: [96, 256, 512], defaultSize: 256 },
  cover: { fit: "width", sizes: [640, 1280, 1920], defaultSize: 1280 },
  /** Event, place, news and community pictures (content modules). */
  content: { fit: "width", sizes: CONTENT_WIDTHS, defaultSize: CONTENT_DEFAULT_WIDTH },
} as const satisfies Record<string, { fit: "square" | "width"; sizes: readonly number[]; defaultSize: number }>;

export type ImageKind = keyof typeof IMAGE_KINDS;

export interface ImageVariant {
  /** The size it was made for ("256"); the key of `sizes` in a stored set. */
  label: string;
  width: number;
  height: number;
  /** WebP: what every URL names, and what anything that does not ask for AVIF gets. */
  data: Buffer;
}

// sharp's default qualities for each format, meant to look alike. AVIF at effort 1 rather than
// its default 4: a 12 MP photo's three sizes take ~1.1 s with the WebP (0.4 s in WebP alone), and
// the AVIF is still 35–47 % smaller; effort 2 took ~1.7 s for files no smaller
// (bench/image-encode.mjs; docs/operations/rendimiento-bitacora.md, "Las fotos en AVIF").
export const WEBP = { quality: 80, effort: 4 } as const;
export const AVIF = { quality: 50, effort: 1 } as const;

export interface ProcessedImage {
  kind: ImageKind;
  sourceFormat: ImageFormat;
  variants: ImageVariant[];
  /** The label of the variant used where one URL is shown (e.g. `profileImage`). */
  defaultLabel: string;
  /**
   * Makes the same pictures in AVIF, in the order of `variants`, served instead to a browser that
   * asks for them (storage/routes.ts). Called by the store once the WebPs are saved, so an image
   * that is never saved costs no AVIF work; the upload is answered without waiting for them. An
   * entry is undefined where the AVIF came out larger than the WebP, failed or ran out of time,
   * and every entry is when too much was already waiting; the WebP is then served to all. Never
   * rejects.
   */
  avifs: () => Promise<(Buffer | undefined)[]>;
}

export const imageTooLarge = () => new HttpError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, IMAGE_TOO_LARGE_MESSAGE);
export const unsupportedImage = () => new HttpError(415, ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, UNSUPPORTED_IMAGE_MESSAGE);

/** The format named by the file's first bytes, or null for anything else. */
export function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (bytes.length >= 12 && bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP") return "webp";
  // ISO-BMFF: a box `ftyp` whose major or compatible brands include avif/avis.
  if (bytes.length >= 16 && bytes.toString("latin1", 4, 8) === "ftyp") {
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    for (let offset = 8; offset + 4 <= boxSize; offset += 4) {
      const brand = bytes.toString("latin1", offset, offset + 4);
      if (brand === "avif" || brand === "avis") return "avif";
    }
  }
  return null;
}

const SHARP_FORMAT: Record<ImageFormat, string[]> = { jpeg: ["jpeg"], png: ["png"], webp: ["webp"], avif: ["heif", "avif"] };

export interface ImageWorkLimits {
  /** Images decoded at the same time in this process. */
  concurrency: number;
  /** Images allowed to wait for a turn; one more is answered 503. */
  maxQueue: number;
  /** Time limit for the work on one image (and, apart, for each of its AVIFs). */
  timeoutSeconds: number;
  /**
   * Decoded pixels kept for AVIFs not made yet. An image finished beyond it gets none: its WebPs
   * are served. 64 MB by default: eight to eleven 12 MP photos waiting (kept at 1600 or 1920 px).
   */
  avifBacklogBytes?: number;
}

// Every cached operation holds decoded pixels, and uploads never repeat: the cache only costs.
sharp.cache(false);
// One libvips thread per image: the limit on images at once (plus one AVIF being made) is then the
// limit on cores used, and memory per image is one pipeline's, not one per thread.
sharp.concurrency(1);

interface ImageJob {
  kind: ImageKind;
  input: Buffer;
}

const DEFAULT_AVIF_BACKLOG_BYTES = 64 * 1024 * 1024;

let limits: ImageWorkLimits = { concurrency: 2, maxQueue: 16, timeoutSeconds: 20 };
const queue = fastq.promise<unknown, ImageJob, Rendered>((job) => renderVariants(job.kind, job.input), limits.concurrency);

// AVIFs are optional and take ~2.5× the WebPs' time (bench/image-encode.mjs), so they are made
// apart, one image at a time, and each size only while no upload is waiting for its WebPs: a
// burst of uploads is answered at WebP speed, and the AVIFs follow. At most one size is being
// encoded in AVIF when an upload comes, on one libvips thread.
interface AvifJob {
  sizes: ReadonlyArray<() => Sharp>;
  webpBytes: number[];
  /** Decoded pixels held until the job is done. */
  bytes: number;
}
let avifBacklogBytes = 0;
const avifQueue = fastq.promise<unknown, AvifJob, (Buffer | undefined)[]>(async (job) => {
  const avifs: (Buffer | undefined)[] = [];
  for (const [i, resized] of job.sizes.entries()) {
    while (!queue.idle()) await queue.drained();
    // Each size has the image's time limit, counted from its start, not from the wait.
    avifs.push(await avifOf(resized, job.webpBytes[i]!, limits.timeoutSeconds));
  }
  return avifs;
}, 1);

function queueAvifs(job: AvifJob): Promise<(Buffer | undefined)[]> {
  const none = job.sizes.map(() => undefined);
  if (avifBacklogBytes + job.bytes > (limits.avifBacklogBytes ?? DEFAULT_AVIF_BACKLOG_BYTES)) return Promise.resolve(none);
  avifBacklogBytes += job.bytes;
  return avifQueue
    .push(job)
    .catch(() => none)
    .finally(() => {
      avifBacklogBytes -= job.bytes;
    });
}

/**
 * Sets the process-wide limits on image work (memory and cores are per process, so one queue
 * serves every app in it). Called by buildApp from the environment.
 */
export function configureImageWork(next: ImageWorkLimits): void {
  limits = next;
  queue.concurrency = next.concurrency;
}

const imagesBusy = () =>
  new HttpError(503, ERROR_CODES.SERVICE_BUSY, IMAGES_BUSY_MESSAGE, undefined, { "retry-after": String(IMAGES_BUSY_RETRY_AFTER_SECONDS) });

/**
 * Checks and converts one uploaded image. Throws 413 above 8 MB, 40 megapixels or the time
 * limit, 415 for anything that is not a decodable JPEG, PNG, WebP or AVIF, and 503 (with
 * Retry-After) when too many images are already waiting.
 */
export async function processImage(kind: ImageKind, input: Buffer): Promise<ProcessedImage> {
  if (input.length > MAX_IMAGE_BYTES) throw imageTooLarge();
  const sourceFormat = sniffImageFormat(input);
  if (!sourceFormat) throw unsupportedImage();

  let metadata: Metadata;
  try {
    // Reads the header only: nothing is decoded yet.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupportedImage();
  }
  // The decoder must agree with the magic bytes: a PNG header glued to something else is refused.
  if (!metadata.format || !SHARP_FORMAT[sourceFormat].includes(metadata.format)) throw unsupportedImage();
  if (!metadata.width || !metadata.height) throw unsupportedImage();
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) {
    throw new HttpError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, TOO_MANY_PIXELS_MESSAGE);
  }

  // A free worker takes the image at once; otherwise it waits, if there is room in the line.
  if (queue.running() >= queue.concurrency && queue.length() >= limits.maxQueue) throw imagesBusy();
  const { variants, avifs } = await queue.push({ kind, input });
  return { kind, sourceFormat, variants, defaultLabel: String(IMAGE_KINDS[kind].defaultSize), avifs: () => queueAvifs(avifs) };
}

interface Rendered {
  variants: ImageVariant[];
  avifs: AvifJob;
}

async function renderVariants(kind: ImageKind, input: Buffer): Promise<Rendered> {
  const spec = IMAGE_KINDS[kind];
  const largest = Math.max(...spec.sizes);
  const timeout = { seconds: limits.timeoutSeconds };
  // The time limit is the image's, not each pipeline's: each step gets what is left of it.
  const deadline = Date.now() + limits.timeoutSeconds * 1000;
  const secondsLeft = () => Math.floor((deadline - Date.now()) / 1000);
  const variants: ImageVariant[] = [];
  try {
    // One decode, upright (EXIF orientation applied) and already down to about the largest size
    // kept: JPEG and WebP shrink while decoding, and no full-size copy is ever held. Then one
    // resize per size from that. sharp writes no metadata unless asked to, so EXIF, XMP and
    // ICC-embedded comments are all dropped.
    const upright = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error", sequentialRead: true })
      .timeout(timeout)
      .rotate()
      .resize(
        spec.fit === "square"
          ? { width: largest, height: largest, fit: "outside", withoutEnlargement: true }
          : { width: largest, withoutEnlargement: true },
      )
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: upright.info.width, height: upright.info.height, channels: upright.info.channels } } as const;
    const resized = (size: number) =>
      spec.fit === "square"
        ? sharp(upright.data, raw).resize(size, size, { fit: "cover", position: "attention" })
        : sharp(upright.data, raw).resize({ width: size, withoutEnlargement: true });
    // One pipeline at a time: an image in the queue holds one libvips thread.
    for (const size of spec.sizes) {
      const left = secondsLeft();
      if (left < 1) throw new Error("timeout");
      const { data, info } = await resized(size).timeout({ seconds: left }).webp(WEBP).toBuffer({ resolveWithObject: true });
      variants.push({ label: String(size), width: info.width, height: info.height, data });
    }
    // The decoded pixels stay for the AVIFs, made later from the same source as the WebPs.
    const avifs = { sizes: spec.sizes.map((size) => () => resized(size)), webpBytes: variants.map((variant) => variant.data.length), bytes: upright.data.length };
    return { variants, avifs };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof Error && /timeout/i.test(error.message)) throw new HttpError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, IMAGE_TOO_SLOW_MESSAGE);
    throw unsupportedImage();
  }
}

/**
 * The AVIF of one size, or undefined: a picture without one is still a good upload. Kept only
 * when smaller than the WebP (a tiny or flat picture can come out larger in AVIF).
 */
async function avifOf(resized: () => Sharp, webpBytes: number, seconds: number): Promise<Buffer | undefined> {
  try {
    const avif = await resized().timeout({ seconds }).avif(AVIF).toBuffer();
    return avif.length < webpBytes ? avif : undefined;
  } catch {
    return undefined;
  }
}
