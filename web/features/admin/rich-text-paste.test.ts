import { describe, expect, it } from "vitest";
import { plainTextToHtml } from "./rich-text-paste.ts";

// sanitizePastedHtml needs a DOM: tests/e2e/admin.test.ts pastes into the real editor.

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
