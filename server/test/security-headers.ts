/**
 * The security headers every API answer carries (a JSON answer, an error, a 429, the notification
 * stream): written out here, not read from server/plugins/security.ts, so a change there shows.
 */
export const API_SECURITY_HEADERS = {
  "content-security-policy": "default-src 'none';frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "x-frame-options": "SAMEORIGIN",
  "cross-origin-resource-policy": "same-origin",
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "referrer-policy": "strict-origin-when-cross-origin",
} as const;
