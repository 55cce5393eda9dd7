import { describe, expect, it } from "@jest/globals";
import { endpointProblem, pushGroupOf, pushSubscriptionSchema } from "@/lib/schemas/push";

// The shared push rules: which preference group a notification belongs to, and which push
// endpoints the server may send to (the API tests cover them through the calls).

describe("pushGroupOf", () => {
  it.each([
    ["follow", "follows"],
    ["event_updated", "followedEvents"],
    ["event_cancelled", "followedEvents"],
    ["event_deleted", "followedEvents"],
    ["event_published", "followedContent"],
    ["news_published", "followedContent"],
    ["admin_message", "adminMessages"],
    ["verification_approved", "adminMessages"],
    ["content_hidden", "adminMessages"],
    ["report_resolved", "adminMessages"],
    ["community_member_added", "adminMessages"],
  ])("%s → %s", (kind, group) => {
    expect(pushGroupOf(kind)).toBe(group);
  });
});

describe("endpointProblem", () => {
  it.each([
    ["https://fcm.googleapis.com/fcm/send/abc", null],
    ["https://updates.push.services.mozilla.com/wpush/v2/x", null],
    ["http://127.0.0.1:4000/push/x", null],
    ["http://localhost:4000/push/x", null],
    ["http://fcm.googleapis.com/fcm/send/abc", "El servicio de notificaciones debe usar https."],
    ["https://192.168.1.10/push", "El servicio de notificaciones debe estar en una dirección pública."],
    ["https://169.254.169.254/latest/meta-data", "El servicio de notificaciones debe estar en una dirección pública."],
    ["https://[::1]/push", "El servicio de notificaciones debe estar en una dirección pública."],
    ["https://localhost/push", "El servicio de notificaciones debe estar en una dirección pública."],
    ["ftp://push.example.com/x", "El servicio de notificaciones debe usar https."],
    ["no es una dirección", "La dirección del servicio de notificaciones no es válida."],
  ])("%s", (endpoint, problem) => {
    expect(endpointProblem(endpoint)).toBe(problem);
  });

  it("una suscripción de Chromium pasa tal cual (toJSON con expirationTime)", () => {
    const subscription = {
      endpoint: "https://fcm.googleapis.com/fcm/send/dXJ",
      expirationTime: null,
      keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
    };
    expect(pushSubscriptionSchema.safeParse(subscription).success).toBe(true);
  });
});
