import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { readPhoto } from "./photo-bytes.ts";

// The upload's reader (ADR 0089) on files libjpeg and libwebp wrote (through sharp), and on the
// same files cut short or changed. The API suites send it whole uploads; here, the file formats.

const image = (width: number, height: number, alpha = false) =>
  sharp({
    create: { width, height, channels: alpha ? 4 : 3, background: { r: 90, g: 160, b: 60, alpha: alpha ? 0.5 : 1 } },
  });

describe("readPhoto", () => {
  it("reads the size of baseline and progressive JPEGs, and of lossy, lossless and transparent WebPs", async () => {
    const files = {
      baseline: await image(641, 479).jpeg().toBuffer(),
      progressive: await image(641, 479).jpeg({ progressive: true }).toBuffer(),
      lossy: await image(641, 479).webp().toBuffer(),
      lossless: await image(641, 479).webp({ lossless: true }).toBuffer(),
      transparent: await image(641, 479, true).webp().toBuffer(),
    };
    for (const [name, bytes] of Object.entries(files)) {
      const extension = name === "baseline" || name === "progressive" ? "jpg" : "webp";
      expect(readPhoto(bytes), name).toEqual({ ok: true, photo: { extension, width: 641, height: 479 } });
    }
  });

  it("refuses every file cut short, without reading past its end", async () => {
    for (const bytes of [await image(40, 30).jpeg().toBuffer(), await image(40, 30).webp().toBuffer()]) {
      for (let length = 0; length < bytes.length; length++) {
        expect(readPhoto(bytes.subarray(0, length)).ok, `${length} of ${bytes.length} bytes`).toBe(false);
      }
    }
  });

  it("refuses XMP and EXIF, in JPEG's APP1 and in WebP's chunks", async () => {
    const xmp =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>';
    for (const bytes of [
      await image(40, 30).jpeg().withXmp(xmp).toBuffer(),
      await image(40, 30).webp().withXmp(xmp).toBuffer(),
      await image(40, 30)
        .jpeg()
        .withExif({ IFD0: { Make: "Phone" } })
        .toBuffer(),
    ]) {
      expect(readPhoto(bytes)).toEqual({ ok: false, problem: "metadata" });
    }
  });

  it("refuses an animated WebP, a second JPEG frame, and a RIFF size that is not the file's", async () => {
    const extended = await image(40, 30, true).webp().toBuffer();
    expect(extended.toString("latin1", 12, 16)).toBe("VP8X");
    const animated = Buffer.from(extended);
    animated[20] = (animated[20] as number) | 0b10; // VP8X's animation flag
    expect(readPhoto(animated)).toEqual({ ok: false, problem: "malformed" });

    const webp = await image(40, 30).webp().toBuffer();
    const bigger = Buffer.from(webp);
    bigger.writeUInt32LE(webp.readUInt32LE(4) + 2, 4);
    expect(readPhoto(Buffer.concat([bigger, Buffer.from([0, 0])]))).toEqual({ ok: false, problem: "malformed" });

    const jpeg = await image(40, 30).jpeg().toBuffer();
    expect(readPhoto(Buffer.concat([jpeg.subarray(0, -2), jpeg.subarray(2)]))).toEqual({
      ok: false,
      problem: "malformed",
    });
  });

  it("refuses PNG, GIF, SVG and HTML", async () => {
    for (const bytes of [
      await image(4, 4).png().toBuffer(),
      await image(4, 4).gif().toBuffer(),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from("<!doctype html><script>alert(1)</script>"),
    ]) {
      expect(readPhoto(bytes)).toEqual({ ok: false, problem: "not_an_image" });
    }
  });
});
