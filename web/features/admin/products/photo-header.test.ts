import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { photoHeaderBytes, readPhotoHeader, uprightSize } from "./photo-header.ts";

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../../../tests/fixtures/photos/${name}`, import.meta.url)));

/** A TIFF header with IFD0 holding `entries` ([tag, type, value]), in either byte order. */
function tiff(entries: [number, number, number][], little: boolean): number[] {
  const bytes = new Uint8Array(8 + 2 + entries.length * 12 + 4);
  const view = new DataView(bytes.buffer);
  bytes.set(little ? [0x49, 0x49] : [0x4d, 0x4d]);
  view.setUint16(2, 42, little);
  view.setUint32(4, 8, little);
  view.setUint16(8, entries.length, little);
  entries.forEach(([tag, type, value], i) => {
    const at = 10 + i * 12;
    view.setUint16(at, tag, little);
    view.setUint16(at + 2, type, little);
    view.setUint32(at + 4, 1, little);
    if (type === 3) view.setUint16(at + 8, value, little);
    else view.setUint32(at + 8, value, little);
  });
  return [...bytes];
}

/** A JPEG's segments up to its frame header: APP1 EXIF, then SOF0 with the given size. */
function jpeg(exif: number[] | undefined, width: number, height: number): Uint8Array {
  const segment = (marker: number, body: number[]) => [
    0xff,
    marker,
    (body.length + 2) >> 8,
    (body.length + 2) & 0xff,
    ...body,
  ];
  const app1 = exif ? segment(0xe1, [...new TextEncoder().encode("Exif\0\0"), ...exif]) : [];
  const sof = segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3]);
  return new Uint8Array([0xff, 0xd8, ...app1, ...sof, 0xff, 0xda]);
}

describe("readPhotoHeader", () => {
  test("reads a real phone photo's size, its orientation 6 and its GPS block from its first bytes", () => {
    const bytes = fixture("nokia-phone-orientation-6-gps.jpg");
    const header = readPhotoHeader(bytes.subarray(0, photoHeaderBytes));
    expect(header).toMatchObject({ format: "jpeg", width: 4608, height: 1976, orientation: 6 });
    expect(header.metadata).toEqual(expect.arrayContaining(["exif", "gps"]));
    expect(uprightSize({ width: 4608, height: 1976, orientation: header.orientation })).toEqual({
      width: 1976,
      height: 4608,
    });
  });

  test("reads an upright phone photo with EXIF and XMP but no GPS", () => {
    const header = readPhotoHeader(fixture("jolla-phone.jpg"));
    expect(header).toMatchObject({ format: "jpeg", width: 3264, height: 2448, orientation: 1 });
    expect(header.metadata).toEqual(expect.arrayContaining(["exif", "xmp"]));
    expect(header.metadata).not.toContain("gps");
  });

  test.each([true, false])("reads every orientation in either byte order (little-endian: %s)", (little) => {
    for (let orientation = 1; orientation <= 8; orientation += 1) {
      const header = readPhotoHeader(jpeg(tiff([[0x0112, 3, orientation]], little), 640, 480));
      expect(header).toMatchObject({ width: 640, height: 480, orientation, metadata: ["exif"] });
      expect(uprightSize({ width: 640, height: 480, orientation })).toEqual(
        orientation >= 5 ? { width: 480, height: 640 } : { width: 640, height: 480 },
      );
    }
    const gps = readPhotoHeader(jpeg(tiff([[0x8825, 4, 26]], little), 10, 10));
    expect(gps).toMatchObject({ orientation: 1, metadata: ["exif", "gps"] });
  });

  test("a JPEG without EXIF is upright and carries nothing; an orientation out of range is ignored", () => {
    expect(readPhotoHeader(jpeg(undefined, 1600, 900))).toEqual({
      format: "jpeg",
      width: 1600,
      height: 900,
      orientation: 1,
      metadata: [],
    });
    expect(readPhotoHeader(jpeg(tiff([[0x0112, 3, 9]], true), 1, 1)).orientation).toBe(1);
  });

  test("a cut-off EXIF block does not throw", () => {
    const whole = jpeg(tiff([[0x0112, 3, 6]], true), 640, 480);
    for (let length = 0; length < whole.length; length += 1) {
      expect(() => readPhotoHeader(whole.subarray(0, length))).not.toThrow();
    }
  });

  test("reads the size and metadata chunks of PNG, WebP and GIF, and knows HEIC and AVIF by their brand", () => {
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 3, 0x20, 0, 0, 2, 0x58,
    ]);
    expect(readPhotoHeader(png)).toMatchObject({ format: "png", width: 800, height: 600 });

    const ascii = (text: string) => [...new TextEncoder().encode(text)];
    const chunk = (type: string, body: number[]) => [
      ...ascii(type),
      body.length & 0xff,
      (body.length >> 8) & 0xff,
      0,
      0,
      ...body,
      ...(body.length % 2 ? [0] : []),
    ];
    // VP8X: flags, 3 reserved bytes, width − 1 and height − 1 in 24 bits each.
    const vp8x = chunk("VP8X", [0x08, 0, 0, 0, 0x3f, 0x06, 0, 0xaf, 0x04, 0]);
    const exif = chunk("EXIF", tiff([[0x8825, 4, 26]], true));
    const webp = new Uint8Array([...ascii("RIFF"), 0, 0, 0, 0, ...ascii("WEBP"), ...vp8x, ...exif]);
    expect(readPhotoHeader(webp)).toMatchObject({
      format: "webp",
      width: 1600,
      height: 1200,
      metadata: ["exif", "gps"],
    });

    const gif = new Uint8Array([...ascii("GIF89a"), 0x40, 0x01, 0xf0, 0x00]);
    expect(readPhotoHeader(gif)).toMatchObject({ format: "gif", width: 320, height: 240 });

    const box = (brand: string) => new Uint8Array([0, 0, 0, 24, ...ascii("ftyp"), ...ascii(brand)]);
    expect(readPhotoHeader(box("heic")).format).toBe("heic");
    expect(readPhotoHeader(box("avif")).format).toBe("avif");
    expect(readPhotoHeader(new TextEncoder().encode("<svg xmlns=…>")).format).toBe("unknown");
  });
});
