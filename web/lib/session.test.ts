// @vitest-environment jsdom
import { act, createElement } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionMember } from "../../tests/support/session-user.ts";

// React's checks for tests: updates are wrapped in act() here.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type SessionModule = typeof import("./session.ts");
let session: SessionModule;
const renders: string[] = [];
let root: Root | undefined;

function Header() {
  const member = session.useSession(session.signedIn);
  renders.push(member ? "member" : "visitor");
  return createElement("header", null, member ? "Account" : "Sign In");
}

/**
 * A page's header as the server renders it and the browser adopts it, each render counted.
 * session.ts keeps one session manager per page, so each case loads its own copy of the module.
 */
async function adoptHeader() {
  vi.resetModules();
  session = await import("./session.ts");
  const container = document.createElement("div");
  container.innerHTML = renderToString(createElement(Header));
  renders.length = 0; // the server's render
  await act(async () => {
    root = hydrateRoot(container, createElement(Header));
  });
  return { renders: [...renders], text: container.textContent };
}

afterEach(async () => {
  // Unmounted, so a case's header stops listening before the next case loads its own module.
  await act(async () => root?.unmount());
  root = undefined;
  localStorage.clear();
  vi.unstubAllGlobals();
});

// A cap, not a measure: each case loads session.ts afresh, which took over Vitest's 5 s default
// on a busy 2-core machine.
describe("the session as a component shows it", { timeout: 30_000 }, () => {
  it("a visitor's header is adopted as the server drew it, and not drawn again", async () => {
    const { renders, text } = await adoptHeader();
    expect(renders).toEqual(["visitor"]);
    expect(text).toBe("Sign In");
  });

  it("a member's header, drawn as a visitor's by the server, is drawn again as theirs once adopted", async () => {
    // The stored session is confirmed with the server; the answer never comes in this test.
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise(() => {})),
    );
    const user = sessionMember();
    const session = {
      access_token: "a",
      refresh_token: "r",
      expires_in: 3600,
      expires_at: 4e9,
      token_type: "bearer",
      user,
    };
    localStorage.setItem("session", JSON.stringify(session));
    localStorage.setItem("token", "a");
    const { renders, text } = await adoptHeader();
    expect(renders).toEqual(["visitor", "member"]);
    expect(text).toBe("Account");
  });
});
