import { apiBaseUrl } from "@/lib/config";
import { getIdToken } from "@/lib/auth/firebase";
import { apiErrorFromBody, networkError } from "./errors";

export interface UploadOptions {
  method?: "POST" | "PUT";
  /** Called with 0..1 as the body goes out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * A multipart upload that reports progress. fetch cannot report upload progress over HTTP/1.1
 * (streamed request bodies need HTTP/2), so images go through XMLHttpRequest; the contract is the
 * API client's: bearer token, `data.data` on success, an ApiError with a Spanish message on
 * failure.
 */
export async function uploadForm<T>(path: string, form: FormData, { method = "PUT", onProgress, signal }: UploadOptions = {}): Promise<T> {
  const token = await getIdToken().catch(() => null);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${apiBaseUrl}/${path.replace(/^\/+/, "")}`);
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText === "" ? null : JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve((body as { data: T } | null)?.data as T);
      } else {
        reject(apiErrorFromBody(xhr.status, body));
      }
    };
    xhr.onerror = () => reject(networkError());
    xhr.ontimeout = () => reject(networkError());
    xhr.onabort = () => reject(new DOMException("Upload aborted", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

