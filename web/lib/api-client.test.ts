import { describe, expect, it } from "vitest";
import { ApiResponseError, errorMessage, NetworkError, readJson } from "./api-client.ts";

const response = (status: number, body: string, statusText = "") =>
  new Response(body, { status, statusText, headers: { "Content-Type": "application/json" } });

describe("readJson", () => {
  it("returns the body of a successful answer", async () => {
    expect(await readJson(response(200, '{"ok":true}'))).toEqual({ ok: true });
  });

  it("throws the server's detail, code and fields for an error answer", async () => {
    const body = {
      detail: "Invalid email: must be an e-mail address",
      code: "invalid_request",
      fields: { email: "x" },
    };
    const error = await readJson(response(400, JSON.stringify(body))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiResponseError);
    expect(error).toMatchObject({ status: 400, code: "invalid_request", message: body.detail, fields: body.fields });
  });

  it("says what the status was when the body is not the API's error shape", async () => {
    const error = await readJson(response(502, "<html>Bad gateway</html>", "Bad Gateway")).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: "http_error", message: "The server answered 502 Bad Gateway." });
  });

  it("tells a request that got no answer from one that was cancelled", async () => {
    const offline = await readJson(Promise.reject(new TypeError("Failed to fetch"))).catch((e: unknown) => e);
    expect(offline).toBeInstanceOf(NetworkError);
    const aborted = new DOMException("The operation was aborted.", "AbortError");
    expect(await readJson(Promise.reject(aborted)).catch((e: unknown) => e)).toBe(aborted);
  });
});

describe("errorMessage", () => {
  it("shows the server's detail, a connection hint when no answer came, else the screen's fallback", () => {
    expect(errorMessage(new ApiResponseError(404, "product_not_found", "This product was removed."), "x")).toBe(
      "This product was removed.",
    );
    expect(errorMessage(new NetworkError("No answer"), "x")).toBe(
      "We could not reach the server. Check your connection and try again.",
    );
    // A bug in the app (a TypeError of its own, say) is not a network failure.
    expect(errorMessage(new TypeError("Cannot read properties of undefined"), "Failed to load products.")).toBe(
      "Failed to load products.",
    );
  });
});
