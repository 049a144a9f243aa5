import { describe, expect, it } from "vitest";
import { largestVariantWidth, maxPhotoHeight, parsePhotoAddress, photoSrcSet, photoWidthsFor } from "./photos.ts";

const hash = "a".repeat(64);

describe("a stored photo's variants (issue 41)", () => {
  it.each([
    [4032, [480, 960, 1600]],
    [1600, [480, 960, 1600]],
    [1000, [480, 960, 1000]],
    [960, [480, 960]],
    [700, [480, 700]],
    [300, [300]],
  ])("a photo %i px wide is kept at %j", (width, widths) => {
    expect(photoWidthsFor(width)).toEqual(widths);
  });

  it("reads the variants from the largest one's address", () => {
    expect(photoSrcSet(`/images/${hash}-1000.webp`)).toBe(
      `/images/${hash}-480.webp 480w, /images/${hash}-960.webp 960w, /images/${hash}-1000.webp 1000w`,
    );
  });

  it.each([
    "https://example.com/x.jpg",
    "/images/products/x.svg",
    `/images/${hash}-1601.webp`,
    `/images/${hash}-0480.jpg`,
    `/images/${hash}-480.png`,
    `/images/${hash.toUpperCase()}-480.jpg`,
    `/images/${hash}-480.jpg?x=1`,
  ])("leaves %s as an image of its own", (src) => {
    expect(parsePhotoAddress(src)).toBeNull();
    expect(photoSrcSet(src)).toBeUndefined();
  });
});

describe("the largest variant's width (ADR 0089)", () => {
  it.each([
    [4032, 3024, 1600], // a phone's landscape photo
    [3024, 4032, 1600], // its portrait: 1600 × 2133
    [1170, 2532, 1170], // a tall screenshot, narrower than 1600: kept
    [1600, 8000, 800], // a very tall image: 4000 px high at most
    [700, 500, 700],
  ])("is %i × %i → %i", (width, height, largest) => {
    expect(largestVariantWidth(width, height)).toBe(largest);
    expect(Math.round((height * largest) / width)).toBeLessThanOrEqual(maxPhotoHeight);
  });
});
