import { apiBaseUrl } from "@/lib/config";
import { getIdToken } from "@/lib/auth/firebase";
import { apiErrorFromBody, networkError } from "./errors";

// Cover images of content (events, places, news, communities): a multipart upload through
// XMLHttpRequest, whose upload events report progress (fetch cannot, over HTTP/1.1).

export interface UploadProgress {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Largest image the client sends; the server re-checks and resizes. */
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;

/** Spanish reason an image cannot be sent, or null. */
export function imageProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return "La imagen debe ser JPEG, PNG, WebP o AVIF.";
  if (file.size > IMAGE_MAX_BYTES) return "La imagen pesa más de 8 MB.";
  return null;
}

export async function uploadForm<T>(path: string, file: File, { onProgress, signal }: UploadProgress = {}): Promise<T> {
  const token = await getIdToken().catch(() => null);
  const form = new FormData();
  form.append("file", file);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", `${apiBaseUrl}/${path.replace(/^\/+/, "")}`);
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve((body as { data: T } | null)?.data as T);
      } else reject(apiErrorFromBody(xhr.status, body));
    };
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(new DOMException("Upload aborted", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
