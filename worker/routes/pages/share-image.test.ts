import { describe, expect, it } from "vitest";
import { builtSharePreviews as previews } from "../../../tests/support/share-previews.ts";
import { shareImageFor } from "./share-image.ts";

const origin = "https://shop.example";
const defaultPreview = {
  url: "https://shop.example/assets/previews/default-0a1b2c3d.png",
  alt: "Doğal Yaşam",
  type: "image/png",
  width: 1200,
  height: 630,
};

describe("the image a shared link previews with (ADR 0019)", () => {
  it("takes the build's preview of a shop illustration, described by the product", () => {
    expect(shareImageFor("/images/products/ihlamur.svg", "Ihlamur", previews, origin)).toEqual({
      url: "https://shop.example/assets/previews/ihlamur-4e5f6a7b.png",
      alt: "Ihlamur",
      type: "image/png",
      width: 1200,
      height: 630,
    });
  });

  it.each([
    ["https://cdn.example/p/sabun.JPG?w=1200", "https://cdn.example/p/sabun.JPG?w=1200", "image/jpeg"],
    ["http://cdn.example/bal.jpeg", "http://cdn.example/bal.jpeg", "image/jpeg"],
    ["/uploads/yag.webp", "https://shop.example/uploads/yag.webp", "image/webp"],
    ["/uploads/cay.png", "https://shop.example/uploads/cay.png", "image/png"],
    ["https://cdn.example/arı.gif", "https://cdn.example/ar%C4%B1.gif", "image/gif"],
  ])("uses a raster image %s as it is, its size unknown", (image, url, type) => {
    expect(shareImageFor(image, "Sabun", previews, origin)).toEqual({ url, alt: "Sabun", type });
  });

  it.each([
    "/images/products/yeni.svg", // no preview of it in this build
    "https://cdn.example/logo.svg",
    "data:image/png;base64,iVBORw0KGgo=",
    "javascript:alert(1)//.png",
    "ftp://files.example/sabun.jpg",
    "https://cdn.example/sabun", // no extension to tell the format by
    "constructor", // names every plain object answers to
    "https://cdn.example/sabun.constructor",
    undefined,
  ])("falls back to the shop's default preview for %s", (image) => {
    expect(shareImageFor(image, "Sabun", previews, origin)).toEqual(defaultPreview);
  });

  it("has no image but a raster one when the build's list is missing", () => {
    expect(shareImageFor("/images/products/ihlamur.svg", "Ihlamur", null, origin)).toBeUndefined();
    expect(shareImageFor("/uploads/cay.png", "Çay", null, origin)?.url).toBe("https://shop.example/uploads/cay.png");
  });
});
