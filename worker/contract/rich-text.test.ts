import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "./rich-text.ts";

describe("sanitizeRichText", () => {
  it("keeps the formatting a description uses, Turkish text included", () => {
    const html =
      "<h3>Kullanım</h3><p>Günde <strong>2 fincan</strong> <em>ılık</em> için.</p><ul><li>Şeker</li></ul><ol><li>İç</li></ol>";
    expect(sanitizeRichText(html)).toBe(html);
  });

  it("removes script and style elements with their contents", () => {
    expect(sanitizeRichText("<p>a</p><script>alert(1)</script><style>p{color:red}</style><p>b</p>")).toBe(
      "<p>a</p><p>b</p>",
    );
  });

  it("removes link elements and on* handlers", () => {
    expect(sanitizeRichText('<link rel="stylesheet" href="/x.css"><p onclick="steal()" onmouseover="x">Hi</p>')).toBe(
      "<p>Hi</p>",
    );
  });

  it("drops javascript: links and style attributes but keeps safe links", () => {
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe("<a href>x</a>");
    expect(sanitizeRichText('<p style="position:fixed">y</p>')).toBe("<p>y</p>");
    expect(sanitizeRichText('<a href="https://example.com/çay" title="Çay">z</a>')).toBe(
      '<a href="https://example.com/çay" title="Çay">z</a>',
    );
  });

  it("keeps the text of unknown elements and the editor's escaped characters", () => {
    expect(sanitizeRichText('<div class="x"><img src=x onerror="alert(1)">Bal</div>')).toBe("Bal");
    expect(sanitizeRichText("<p>3 &lt; 5 &amp; 6 &gt; 4</p>")).toBe("<p>3 &lt; 5 &amp; 6 &gt; 4</p>");
  });
});
