// @vitest-environment jsdom
// DOMPurify needs a DOM; tests/e2e/admin.test.ts pastes into the real editor in Chromium too.
import { describe, expect, it } from "vitest";
import { plainTextToHtml, sanitizePastedHtml } from "./rich-text-paste.ts";

describe("sanitizePastedHtml (docs/product.md §5)", () => {
  it("strips script, style and link elements, with what they hold", () => {
    const clean = sanitizePastedHtml(
      '<link rel="stylesheet" href="https://evil.example/x.css"><style>p { display: none }</style>' +
        '<p>Ihlamur<script>alert(1)</script> çayı</p><script src="https://evil.example/x.js"></script>',
    );
    expect(clean).toBe("<p>Ihlamur çayı</p>");
  });

  it("strips every on* attribute and keeps the element", () => {
    const clean = sanitizePastedHtml(
      '<h2 onclick="steal()">Başlık</h2><img src="/x.png" onerror="steal()"><ul><li onmouseover="steal()">Bir</li></ul>',
    );
    expect(clean).not.toMatch(/\bon\w+=/);
    expect(clean).toBe('<h2>Başlık</h2><img src="/x.png"><ul><li>Bir</li></ul>');
  });

  it("drops javascript: links, inline styles and document-level elements, keeps formatting and safe links", () => {
    const clean = sanitizePastedHtml(
      '<meta charset="utf-8"><p style="color:red"><strong>Kalın</strong> <em>eğik</em> ' +
        '<a href="javascript:steal()">kötü</a> <a href="https://example.com/ihlamur">iyi</a></p>' +
        '<iframe src="https://evil.example"></iframe><form action="/x"><input name="q"></form>',
    );
    expect(clean).toBe(
      '<p><strong>Kalın</strong> <em>eğik</em> <a>kötü</a> <a href="https://example.com/ihlamur">iyi</a></p><input name="q">',
    );
  });

  it("defuses mutation-XSS tricks that reparse into script", () => {
    const clean = sanitizePastedHtml("<svg><p><style><img src=x onerror=steal()></style></p></svg>");
    expect(clean).not.toMatch(/onerror|<script|<style/);
  });
});

describe("plainTextToHtml", () => {
  it("escapes markup, so pasted code shows as text", () => {
    expect(plainTextToHtml(`<script>alert("x")</script> & 'more'`)).toBe(
      "<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;more&#39;</p>",
    );
  });

  it("keeps line breaks: a single one as <br>, a blank line as a new paragraph", () => {
    expect(plainTextToHtml("Ihlamur\nPapatya\n\nAdaçayı")).toBe("<p>Ihlamur<br>Papatya</p><p>Adaçayı</p>");
    expect(plainTextToHtml("Windows\r\nline\r\n\r\nends\rold Mac")).toBe(
      "<p>Windows<br>line</p><p>ends<br>old Mac</p>",
    );
  });

  it("keeps Turkish letters and spacing as they are", () => {
    expect(plainTextToHtml("  Şifalı  otlar ")).toBe("<p>  Şifalı  otlar </p>");
  });
});
