import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { m } from "../../paraglide/messages.js";
import { messageParts } from "./message-parts.tsx";

const render = (parts: ReturnType<typeof messageParts>) => renderToStaticMarkup(createElement("p", null, ...parts));
const link = (text: string) => createElement("a", { href: "/terms" }, text);

describe("a message with elements for parameters", () => {
  it("puts each element where its language's sentence has it", () => {
    const parts = { terms: link("terms"), privacy: createElement("b", null, "privacy") };
    expect(
      render(messageParts(({ terms, privacy }) => `By signing in, you agree to our ${terms} and ${privacy}.`, parts)),
    ).toBe('<p>By signing in, you agree to our <a href="/terms">terms</a> and <b>privacy</b>.</p>');
    expect(render(messageParts(({ terms, privacy }) => `${privacy} ile ${terms} kabul.`, parts))).toBe(
      '<p><b>privacy</b> ile <a href="/terms">terms</a> kabul.</p>',
    );
  });

  it("renders the sign-in note's English as SPEC words it", () => {
    const parts = { terms: link(m.account_agreement_terms()), privacy: link(m.account_agreement_privacy()) };
    const note = renderToStaticMarkup(createElement("p", null, ...messageParts(m.account_agreement_sign_in, parts)));
    expect(note.replace(/<[^>]+>/g, "")).toBe("By signing in, you agree to our terms of service and privacy policy.");
  });
});
