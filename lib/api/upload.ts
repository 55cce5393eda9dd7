import { apiBaseUrl } from "@/lib/config";
import { getIdToken } from "@/lib/auth/firebase";
import { apiErrorFromBody, networkError } from "./errors";

/** What a caller of an upload can follow and stop. */
export interface UploadProgress {
  /** Called with 0..1 as the body goes out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export interface UploadOptions extends UploadProgress {
  method?: "POST" | "PUT";
}

/**
 * The one multipart upload of the app (profile pictures and content images). fetch cannot report
 * upload progress over HTTP/1.1 (streamed request bodies need HTTP/2), so uploads go through
 * XMLHttpRequest; the contract is the API client's: bearer token, `data.data` on success, an
 * ApiError with a Spanish message on failure. A bare File is sent as the form's `file` part.
 */
export async function uploadForm<T>(path: string, body: FormData | File, { method = "PUT", onProgress, signal }: UploadOptions = {}): Promise<T> {
  const form = body instanceof FormData ? body : fileForm(body);
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
      let parsed: unknown = null;
      try {
        parsed = xhr.responseText === "" ? null : JSON.parse(xhr.responseText);
      } catch {
        parsed = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve((parsed as { data: T } | null)?.data as T);
      } else {
        reject(apiErrorFromBody(xhr.status, parsed));
      }
    };
    xhr.onerror = () => reject(networkError());
    xhr.ontimeout = () => reject(networkError());
    xhr.onabort = () => reject(new DOMException("Upload aborted", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

function fileForm(file: File): FormData {
  const form = new FormData();
  form.append("file", file);
  return form;
}
