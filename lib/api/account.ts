import type { AccessibilityFeature } from "@/lib/schemas/accessibility";
import type { InitialData, SignUpPayload, User } from "@/lib/schemas/users";
import { apiDelete, apiGet, apiPost, apiPut } from "./client";
import type { UploadOptions } from "./upload";

// The signed-in person's own account (docs/product.md#api-calls): what startup reads once there is
// a session, sign-up, profile edits and pictures, provider and device tokens, verification and
// deletion. Apart from users.ts (reading people and following them), which every page loads.

export function fetchInitialData(): Promise<InitialData> {
  // Decides whether a banned user is forced out, so it never comes from a cache.
  return apiGet<InitialData>("/users/initial-data", { cache: false });
}

export function signUp(payload: SignUpPayload): Promise<User> {
  return apiPost<User>("/users/sign-up", payload);
}

/** The provider tokens a social sign-in returns (docs/product.md#entities). */
export interface ProviderTokens {
  accessToken?: string | null;
  idToken?: string | null;
  providerId: string;
}

/** docs/product.md#validation: the access-token call does nothing unless both tokens exist. */
export function hasBothTokens(tokens: ProviderTokens | null | undefined): tokens is ProviderTokens & { accessToken: string; idToken: string } {
  return Boolean(tokens?.accessToken && tokens.idToken);
}

/** Stores the provider's tokens (Google calendar access); false when there was nothing to send. */
export async function saveProviderTokens(tokens: ProviderTokens | null | undefined): Promise<boolean> {
  if (!hasBothTokens(tokens)) return false;
  await apiPost("/users/accessToken", { accessToken: tokens.accessToken, idToken: tokens.idToken, providerId: tokens.providerId });
  return true;
}

/** docs/product.md#validation: the notification token is sent only if present. */
export async function saveNotificationToken(notificationToken: string | null | undefined): Promise<boolean> {
  if (!notificationToken) return false;
  await apiPost("/users/notificationToken", { notificationToken });
  return true;
}

export interface ProfileFields {
  name?: string;
  bio?: string | null;
  links?: { label: string; url: string }[];
  accessibilityNeeds?: AccessibilityFeature[];
}

export function updateMyData(fields: ProfileFields): Promise<User> {
  return apiPut<User>("/users/my-data", fields);
}

export type ImageKind = "profile" | "cover";

export async function uploadImage(kind: ImageKind, file: File, options: Pick<UploadOptions, "onProgress" | "signal"> = {}): Promise<User> {
  const form = new FormData();
  form.append("file", file);
  // Loaded when a picture is sent, like content images (content-resource.ts).
  const { uploadForm } = await import("./upload");
  return uploadForm<User>(kind === "profile" ? "/users/profile-image" : "/users/cover-image", form, { method: "PUT", ...options });
}

export function requestVerification(type: string): Promise<User> {
  return apiPost<User>("/users/requestVerification", { type });
}

/** "Confirm account deletion": true while the sign-in is recent enough (the token's auth_time). */
export function confirmAccountDeletion(): Promise<boolean> {
  return apiGet<boolean>("/users/delete-account/confirm", { cache: false });
}

/** Deletes the identity and the personal data on the server (it needs a recent sign-in). */
export function deleteMyAccount(): Promise<{ deleted: true }> {
  return apiDelete<{ deleted: true }>("/users/delete-account");
}
