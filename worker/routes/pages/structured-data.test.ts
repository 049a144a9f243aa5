import { describe, expect, it } from "vitest";
import { htmlToText } from "./structured-data.ts";

describe("a long description as plain text", () => {
  it("keeps the text, apart where elements end, with entities decoded", () => {
    expect(
      htmlToText("<h2>Demleme</h2><p>Su &amp; <em>ıhlamur</em>&nbsp;&eacute;</p><ul><li>bir</li><li>iki</li></ul>"),
    ).toBe("Demleme Su & ıhlamur é bir iki");
  });

  it("drops code and comments, and keeps an escaped tag as text", () => {
    expect(htmlToText("<p>a</p><script>alert(1)</script><style>p{}</style><!-- x --><p>&lt;b&gt;</p>")).toBe("a <b>");
  });
});
