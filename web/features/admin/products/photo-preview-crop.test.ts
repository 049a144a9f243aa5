import { describe, expect, it } from "vitest";
import { previewCrop } from "./photo-pipeline.ts";

// The link preview's geometry (ADR 0094): decoded so it covers 1200 × 630, cut from the centre.

describe("previewCrop", () => {
  it("decodes a landscape photo 1200 px wide and cuts the middle 630 rows", () => {
    expect(previewCrop(4000, 3000)).toEqual({
      decode: { width: 1200, height: 900 },
      crop: { x: 0, y: 135, width: 1200, height: 630 },
    });
  });

  it("decodes an upright portrait 1200 px wide and cuts its middle band", () => {
    expect(previewCrop(3024, 4032)).toEqual({
      decode: { width: 1200, height: 1600 },
      crop: { x: 0, y: 485, width: 1200, height: 630 },
    });
  });

  it("decodes a panorama 630 px high and cuts its middle 1200 columns", () => {
    expect(previewCrop(8000, 2000)).toEqual({
      decode: { width: 2520, height: 630 },
      crop: { x: 660, y: 0, width: 1200, height: 630 },
    });
  });

  it("takes a photo already 1200 × 630 whole", () => {
    expect(previewCrop(1200, 630)).toEqual({
      decode: { width: 1200, height: 630 },
      crop: { x: 0, y: 0, width: 1200, height: 630 },
    });
  });

  it("scales a small photo up to cover the preview", () => {
    expect(previewCrop(600, 400)).toEqual({
      decode: { width: 1200, height: 800 },
      crop: { x: 0, y: 85, width: 1200, height: 630 },
    });
  });

  it("decodes a very tall photo at no more pixels than a variant's largest, cutting a band of the preview's shape", () => {
    const { decode, crop } = previewCrop(1000, 20_000);
    expect(decode.width * decode.height).toBeLessThanOrEqual(1600 * 4000);
    expect(decode.width).toBeLessThan(1200);
    expect(crop.width).toBe(decode.width);
    expect(Math.abs(crop.width / crop.height - 1200 / 630)).toBeLessThan(0.01);
    expect(crop.y).toBe(Math.floor((decode.height - crop.height) / 2));
  });
});
