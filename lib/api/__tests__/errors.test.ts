/**
 * @jest-environment node
 */

import { describe, expect, test } from "@jest/globals";
import ky, { HTTPError } from "ky";
import { ApiError, apiErrorFromBody, errorMessage } from "../errors";
import { toApiError } from "../http";

describe("apiErrorFromBody (docs/product.md#errors)", () => {
  test("uses the body's message, code and issues", () => {
    const error = apiErrorFromBody(409, {
      message: "Ya sigues a este usuario.",
      code: "CONFLICT",
      issues: [{ path: ["userId"], message: "ID required" }],
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: "CONFLICT", message: "Ya sigues a este usuario." });
    expect(error.issues).toEqual([{ path: ["userId"], message: "ID required" }]);
  });

  test.each([[{}], [null], ["<html>Bad gateway</html>"], [{ message: "" }], [{ message: 42 }]])(
    "falls back to 'Error inesperado' for %p",
    (body) => {
      const error = apiErrorFromBody(502, body);
      expect(error.message).toBe("Error inesperado");
      expect(error.status).toBe(502);
      expect(error.code).toBe("UNEXPECTED_ERROR");
    },
  );
});

describe("toApiError", () => {
  const failWith = (response: Response) =>
    ky.get("http://api.test/x", { retry: 0, fetch: async () => response }).json();

  test("reads the error body of an HTTP error", async () => {
    const thrown = await failWith(
      new Response(JSON.stringify({ message: "No encontrado.", code: "NOT_FOUND" }), {
        status: 404,
        headers: { "content-type": "application/json" },
      }),
    ).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(HTTPError);
    const error = await toApiError(thrown);
    expect(error).toMatchObject({ status: 404, code: "NOT_FOUND", message: "No encontrado." });
  });

  test("a body that is not JSON gives 'Error inesperado' with the real status", async () => {
    const thrown = await failWith(new Response("Internal", { status: 500 })).catch((e: unknown) => e);
    await expect(toApiError(thrown)).resolves.toMatchObject({ status: 500, message: "Error inesperado" });
  });

  test("a network failure becomes status 0 with a Spanish message", async () => {
    const error = await toApiError(new TypeError("Failed to fetch"));
    expect(error).toMatchObject({ status: 0, code: "NETWORK_ERROR" });
    expect(errorMessage(error)).toBe("Sin conexión. Revisa tu red e inténtalo de nuevo.");
  });

  test("aborts pass through so React Query can recognise its cancellations", async () => {
    const abort = new DOMException("aborted", "AbortError");
    await expect(toApiError(abort)).resolves.toBe(abort);
  });

  test("anything else is 'Error inesperado'", async () => {
    const error = await toApiError("boom");
    expect(errorMessage(error)).toBe("Error inesperado");
    expect(errorMessage(new Error("internal detail"))).toBe("Error inesperado");
  });
});
