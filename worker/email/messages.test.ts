import { describe, expect, it } from "vitest";
import { suggestionsHeading, temperamentResultEmail } from "./messages.ts";

// The temperament result e-mail's suggested products (issue 30): names, pictures and links in
// both parts, escaped, and no list at all when nothing suits.

const result = { dominant: "melancholic", secondary: "phlegmatic" } as const;
const profile = "https://dogalyasam.example/profile";
const suggestions = [
  {
    name: "Çörek Otu Yağı",
    link: "https://dogalyasam.example/products/12",
    picture: "https://dogalyasam.example/images/products/corek-otu.svg",
  },
  { name: "Tarçın", link: "https://dogalyasam.example/products/3", picture: "https://cdn.example/t.png?a=1&b=2" },
  { name: "Karabiber", link: "https://dogalyasam.example/products/9", picture: null },
];

describe("temperamentResultEmail's suggestions", () => {
  it("lists each product's name, page and picture in the text part, in the order given, before the profile link", () => {
    const { text } = temperamentResultEmail("Elif", result, profile, suggestions);
    const list = text.slice(text.indexOf(`${suggestionsHeading}:`));
    expect(list).toBe(
      [
        `${suggestionsHeading}:`,
        "",
        "- Çörek Otu Yağı",
        "  https://dogalyasam.example/products/12",
        "  Picture: https://dogalyasam.example/images/products/corek-otu.svg",
        "",
        "- Tarçın",
        "  https://dogalyasam.example/products/3",
        "  Picture: https://cdn.example/t.png?a=1&b=2",
        "",
        "- Karabiber",
        "  https://dogalyasam.example/products/9",
        "",
        "You can look at your answers, and change them, in your profile.",
        "",
        profile,
        "",
        "— Doğal Yaşam",
      ].join("\n"),
    );
    // After the result itself.
    expect(text.indexOf("Phlegmatic (secondary)")).toBeLessThan(text.indexOf(suggestionsHeading));
  });

  it("shows each product in the HTML part as its picture and name, one link to its page", () => {
    const { html } = temperamentResultEmail("Elif", result, profile, suggestions);
    expect(html).toContain(`>${suggestionsHeading}</h2>`);
    const links = [...html.matchAll(/<a href="([^"]*)"[^>]*>(.*?)<\/a>/gs)].map(([, href, inner]) => ({
      href,
      image: /<img src="([^"]*)"/.exec(inner ?? "")?.[1] ?? null,
      text: (inner ?? "").replace(/<[^>]*>/g, ""),
    }));
    expect(links).toEqual([
      {
        href: "https://dogalyasam.example/products/12",
        image: "https://dogalyasam.example/images/products/corek-otu.svg",
        text: "Çörek Otu Yağı",
      },
      // The address's & escaped in the attribute.
      { href: "https://dogalyasam.example/products/3", image: "https://cdn.example/t.png?a=1&#38;b=2", text: "Tarçın" },
      { href: "https://dogalyasam.example/products/9", image: null, text: "Karabiber" },
      { href: profile, image: null, text: "Open my profile" },
    ]);
  });

  it("escapes what a product's name or address holds", () => {
    const { html, text } = temperamentResultEmail("Elif", result, profile, [
      {
        name: `<script>alert("x")</script> & 'Bal'`,
        link: 'https://dogalyasam.example/products/1"onmouseover="x',
        picture: 'https://dogalyasam.example/images/a.svg?x="><img src=x onerror=alert(1)>',
      },
    ]);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain('"onmouseover');
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;Bal&#39;");
    // The text part is plain text: the name as it is.
    expect(text).toContain(`- <script>alert("x")</script> & 'Bal'`);
  });

  it("escapes a stored photo's srcset, and gives sizes only with it", () => {
    const { html } = temperamentResultEmail("Elif", result, profile, [
      {
        name: "Bal",
        link: "https://dogalyasam.example/products/1",
        picture: "https://dogalyasam.example/images/a-480.webp",
        pictureSrcSet: 'https://dogalyasam.example/images/a-480.webp 480w" onerror="alert(1)',
      },
    ]);
    expect(html).not.toContain('" onerror');
    expect(html).toContain(
      'srcset="https://dogalyasam.example/images/a-480.webp 480w&#34; onerror=&#34;alert(1)" sizes="96px"',
    );
    expect(temperamentResultEmail("Elif", result, profile, suggestions).html).not.toMatch(/srcset|sizes=/);
  });

  it("sends the e-mail without the list, heading included, when no product suits", () => {
    const none = temperamentResultEmail("Elif", result, profile, []);
    for (const part of [none.text, none.html]) {
      expect(part).not.toContain(suggestionsHeading);
      expect(part).not.toContain("/products/");
    }
    expect(none.html).not.toContain("<img");
    expect(none.html).not.toContain("<table");
    // The e-mail otherwise says what it said before suggestions existed.
    expect(none).toEqual(temperamentResultEmail("Elif", result, profile));
    expect(none.text).toContain("Melancholic (dominant)");
    expect(none.text).toContain(
      "You can look at your answers, and change them, in your profile.\n\nhttps://dogalyasam.example/profile",
    );
  });
});
