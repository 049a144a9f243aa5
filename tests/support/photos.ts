import { createHash } from "node:crypto";
import sharp from "sharp";
import { expect, it } from "vitest";
import type { PhotoUpload } from "../../worker/contract/photo-upload.ts";
import { photoWidthsFor } from "../../worker/contract/photos.ts";

/*
 * The photo upload's cases (issue 41, ADR 0089), the same on both runtimes: in-process on Node
 * (tests/api/photos.test.ts) and the built Worker in workerd (tests/worker/photos.test.ts). The
 * images are real JPEG and WebP files, encoded here by sharp (libvips, libjpeg and libwebp), so no
 * fixture is committed; the server reads them with its own reader.
 */

export type Format = "jpg" | "webp";

let colours = 0;

/**
 * One photo of `width` × `height` in `format`, a colour no other photo of this process has (so
 * its hash is new). `exif` adds an EXIF segment or chunk with GPS tags, as a phone's photo has.
 */
export async function encodePhoto(
  width: number,
  height: number,
  format: Format,
  { exif = false }: { exif?: boolean } = {},
): Promise<Buffer> {
  colours++;
  const background = { r: (colours * 37) % 256, g: (colours * 91) % 256, b: Math.floor(colours / 256) % 256 };
  let image = sharp({ create: { width, height, channels: 3, background } });
  if (exif) image = image.withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "41/1 0/1 0/1" } });
  return format === "jpg" ? image.jpeg({ quality: 85 }).toBuffer() : image.webp({ quality: 85 }).toBuffer();
}

/** The variants the device would send for a new photo of `width` × `height`, smallest first. */
export async function photoVariants(width: number, height: number, format: Format): Promise<Buffer[]> {
  const largest = await encodePhoto(width, height, format);
  const widths = photoWidthsFor(width);
  return Promise.all(
    widths.map((w) =>
      w === width ? largest : sharp(largest).resize(w)[format === "jpg" ? "jpeg" : "webp"]().toBuffer(),
    ),
  );
}

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export type Part = { bytes: Uint8Array; filename?: string; type?: string; name?: string };
export type Multipart = { body: Uint8Array<ArrayBuffer>; contentType: string };

/**
 * A multipart/form-data body, written out byte by byte so both runtimes' request helpers send it
 * as it is (a FormData object would be re-encoded by whichever fetch sends it).
 */
export function multipart(parts: Part[]): Multipart {
  const boundary = `----photo-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Uint8Array[] = [];
  for (const { bytes, filename = "photo.jpg", type = "image/jpeg", name = "variant" } of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: new Uint8Array(Buffer.concat(chunks)), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Each variant as a part of its own, named and typed as the format says. */
export const variantParts = (variants: Uint8Array[], format: Format): Part[] =>
  variants.map((bytes, index) => ({
    bytes,
    filename: `photo-${index}.${format}`,
    type: format === "jpg" ? "image/jpeg" : "image/webp",
  }));

/** An answer, as both runtimes' Response types have it. */
export type PhotoAnswer = {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
};

export type PhotoShop = {
  /** `POST /api/admin/images` with `token` (the administrator's unless given; null: none). */
  upload(
    body: Multipart,
    init?: { token?: string | null; key?: string; headers?: Record<string, string> },
  ): Promise<PhotoAnswer>;
  /**
   * The administrator's `POST /api/admin/images` whose headers declare a multipart body of
   * `bytes` bytes, of which (next to) nothing is sent: the answer can only come from the headers.
   */
  uploadDeclaring(bytes: number): Promise<PhotoAnswer>;
  /** A GET or HEAD of a path outside /api. */
  fetch(path: string, method?: "GET" | "HEAD"): Promise<PhotoAnswer>;
  memberToken: string;
  /** The names of the files the shop's store holds. */
  storedNames(): Promise<string[]>;
};

const json = async <T>(answer: PhotoAnswer) => JSON.parse(await answer.text()) as T;
const newKey = () => crypto.randomUUID();

async function expectRefused(answer: PhotoAnswer, status: number, code: string) {
  const body = await json<{ detail: string; code: string }>(answer);
  expect({ status: answer.status, code: body.code }).toEqual({ status, code });
  expect(body.detail.length).toBeGreaterThan(10);
  return body;
}

/** The cases, against the shop `shop()` names once its set-up ran. */
export function photoUploadCases(shop: () => PhotoShop) {
  it("stores a photo's variants by the largest one's hash and answers its address", async () => {
    const variants = await photoVariants(1600, 1200, "webp");
    const key = newKey();
    const answer = await shop().upload(multipart(variantParts(variants, "webp")), { key });
    expect(answer.status).toBe(201);
    const photo = await json<PhotoUpload>(answer);
    const hash = sha256(variants[2] as Buffer);
    expect(photo).toEqual({
      src: `/images/${hash}-1600.webp`,
      width: 1600,
      height: 1200,
      variants: [
        { src: `/images/${hash}-480.webp`, width: 480, height: 360 },
        { src: `/images/${hash}-960.webp`, width: 960, height: 720 },
        { src: `/images/${hash}-1600.webp`, width: 1600, height: 1200 },
      ],
    });

    // Each variant served as it was sent, for a year, as nothing but an image.
    for (const [index, variant] of photo.variants.entries()) {
      const file = await shop().fetch(variant.src);
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(variants[index] as Buffer)).toBe(true);
      expect(file.headers.get("Content-Type")).toBe("image/webp");
      expect(file.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(file.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(file.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
    }
    const head = await shop().fetch(photo.src, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Type")).toBe("image/webp");
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    // The same request again (a lost answer, the outbox replaying): the first answer, nothing new.
    const before = await shop().storedNames();
    const replay = await shop().upload(multipart(variantParts(variants, "webp")), { key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await json<PhotoUpload>(replay)).toEqual(photo);
    expect((await shop().storedNames()).sort()).toEqual(before.sort());

    // The key with another photo: refused, as any write's key reused for another request.
    const other = multipart(variantParts(await photoVariants(300, 200, "webp"), "webp"));
    await expectRefused(await shop().upload(other, { key }), 422, "idempotency_key_reused");

    // The same photo uploaded anew (another key): the same address, one set of files.
    const again = await shop().upload(multipart(variantParts(variants, "webp")), { key: newKey() });
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await json<PhotoUpload>(again)).toEqual(photo);
    expect((await shop().storedNames()).filter((name) => name.startsWith(hash)).sort()).toEqual(
      [`${hash}-1600.webp`, `${hash}-480.webp`, `${hash}-960.webp`].sort(),
    );
  });

  it("takes a file for what its bytes are: a JPEG sent as x.webp, image/webp, is stored and served as a JPEG", async () => {
    const variants = await photoVariants(700, 500, "jpg");
    const parts = variants.map((bytes) => ({ bytes, filename: "x.webp", type: "image/webp" }));
    const answer = await shop().upload(multipart(parts), { key: newKey() });
    expect(answer.status).toBe(201);
    const photo = await json<PhotoUpload>(answer);
    expect(photo.src).toBe(`/images/${sha256(variants[1] as Buffer)}-700.jpg`);
    expect(photo.variants.map((v) => v.width)).toEqual([480, 700]);
    expect(photo.height).toBe(500);
    const file = await shop().fetch(photo.src);
    expect(file.headers.get("Content-Type")).toBe("image/jpeg");
    expect(Buffer.from(await file.arrayBuffer()).equals(variants[1] as Buffer)).toBe(true);
  });

  it("refuses a polyglot: HTML or script after the image, or inside it", async () => {
    const script = Buffer.from("<html><script>alert(document.cookie)</script></html>");
    const [jpeg] = await photoVariants(300, 200, "jpg");
    const [webp] = await photoVariants(300, 200, "webp");
    const afterJpeg = Buffer.concat([jpeg as Buffer, script]);
    await expectRefused(await shop().upload(multipart([{ bytes: afterJpeg }])), 400, "photo_malformed");
    const afterWebp = Buffer.concat([webp as Buffer, script]);
    await expectRefused(await shop().upload(multipart([{ bytes: afterWebp }])), 400, "photo_malformed");
    // The same HTML in a JPEG comment segment, right after the start marker.
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, script.length + 2]), script]);
    const inJpeg = Buffer.concat([(jpeg as Buffer).subarray(0, 2), comment, (jpeg as Buffer).subarray(2)]);
    await expectRefused(await shop().upload(multipart([{ bytes: inJpeg }])), 400, "photo_metadata");
  });

  it("refuses an SVG, whatever it is called", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="9" height="9"/></svg>',
    );
    const answer = await shop().upload(multipart([{ bytes: svg, filename: "photo.jpg", type: "image/jpeg" }]));
    await expectRefused(answer, 400, "photo_not_an_image");
  });

  it("refuses a photo that carries its EXIF and GPS, in JPEG and in WebP", async () => {
    for (const format of ["jpg", "webp"] as const) {
      const bytes = await encodePhoto(400, 300, format, { exif: true });
      const answer = await shop().upload(multipart(variantParts([bytes], format)));
      const body = await expectRefused(answer, 400, "photo_metadata");
      expect(body.detail).toBe(
        "Variant 1 carries metadata (EXIF, XMP or a comment, such as where the photo was taken). Remove it and send the photo again.",
      );
    }
  });

  it("refuses an image 10,000 px wide, saying the limits (in Turkish for a Turkish admin)", async () => {
    const wide = await encodePhoto(10_000, 100, "jpg");
    const answer = await shop().upload(multipart([{ bytes: wide }]), { headers: { "Accept-Language": "tr" } });
    const body = await expectRefused(answer, 400, "photo_dimensions");
    expect(body.detail).toBe(
      "1. boyut 10000 × 100 piksel; en fazla 1600 piksel genişliğinde ve 4000 piksel yüksekliğinde olabilir.",
    );
  });

  it("refuses variants that are not one photo's: a wrong set of widths, other proportions, two formats", async () => {
    const [small, , large] = await photoVariants(1600, 1200, "jpg");
    const missing = await shop().upload(multipart(variantParts([small as Buffer, large as Buffer], "jpg")));
    expect((await expectRefused(missing, 400, "photo_widths")).detail).toBe(
      "The variants are 480, 1600 px wide; this photo needs exactly 480, 960, 1600.",
    );
    const squashed = await sharp(large).resize(960, 960).jpeg().toBuffer();
    const proportions = await shop().upload(
      multipart(variantParts([small as Buffer, squashed, large as Buffer], "jpg")),
    );
    await expectRefused(proportions, 400, "photo_proportions");
    const webp = await sharp(large).resize(960).webp().toBuffer();
    const mixed = await shop().upload(multipart(variantParts([small as Buffer, webp, large as Buffer], "jpg")));
    await expectRefused(mixed, 400, "photo_formats_mixed");
  });

  it("refuses a variant over 2 MB, and a body of 20 MB before reading it", async () => {
    const [jpeg] = await photoVariants(300, 200, "jpg");
    const padded = Buffer.concat([jpeg as Buffer, Buffer.alloc(2 * 1024 * 1024)]);
    await expectRefused(await shop().upload(multipart([{ bytes: padded }])), 400, "photo_too_large");
    // Declared, not sent: the answer comes from the headers alone. (A client sending all 20 MB
    // may still be writing when workerd answers and closes the connection, and then sees the
    // broken pipe instead of the answer; see ADR 0104.)
    await expectRefused(await shop().uploadDeclaring(20 * 1024 * 1024), 413, "payload_too_large");
  });

  it("refuses a body that is not the variants' multipart form", async () => {
    const [jpeg] = await photoVariants(300, 200, "jpg");
    const otherField = multipart([{ bytes: jpeg as Buffer, name: "file" }]);
    await expectRefused(await shop().upload(otherField), 400, "photo_not_multipart");
    const raw = { body: new Uint8Array(jpeg as Buffer), contentType: "image/jpeg" };
    await expectRefused(await shop().upload(raw), 400, "photo_not_multipart");
    await expectRefused(await shop().upload(multipart([])), 400, "photo_variant_count");
  });

  it("is the administrator's alone: no token is 401, a member's 403, and nothing is stored", async () => {
    const before = await shop().storedNames();
    const body = multipart(variantParts(await photoVariants(300, 200, "jpg"), "jpg"));
    await expectRefused(await shop().upload(body, { token: null }), 401, "unauthorized");
    await expectRefused(await shop().upload(body, { token: shop().memberToken }), 403, "forbidden");
    expect((await shop().storedNames()).sort()).toEqual(before.sort());
  });

  it("answers 404 for a photo that is not stored", async () => {
    const missing = await shop().fetch(`/images/${"0".repeat(64)}-480.webp`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Cache-Control")).toBe("no-store");
    expect((await shop().fetch(`/images/${"0".repeat(64)}-480.webp`, "HEAD")).status).toBe(404);
  });
}

/**
 * A photo's link preview as the device makes it (ADR 0094): `width` × `height` (1200 × 630 when
 * right) in `format`, cut from the middle of an image with a colour of its own.
 */
export async function encodePreview(width = 1200, height = 630, format: Format | "png" = "jpg"): Promise<Buffer> {
  if (format === "png")
    return sharp(await encodePhoto(width, height, "jpg"))
      .png()
      .toBuffer();
  return encodePhoto(width, height, format);
}

/** The preview as a part of its own, beside the variants. */
export const previewPart = (bytes: Uint8Array): Part => ({
  bytes,
  name: "preview",
  filename: "preview.jpg",
  type: "image/jpeg",
});

/** The shop's product pages, as the runtime renders them. */
export type ProductPages = {
  /** Adds a product with these images and answers its page's HTML in English and in Turkish. */
  productPages(images: string[]): Promise<{ en: string; tr: string }>;
};

/** The link-preview cases (ADR 0094), against the shop `shop()` names once its set-up ran. */
export function photoPreviewCases(shop: () => PhotoShop & ProductPages) {
  it("stores and serves a photo's link preview beside its variants, once however often it is sent", async () => {
    const variants = await photoVariants(1000, 1500, "webp");
    const preview = await encodePreview();
    const body = () => multipart([...variantParts(variants, "webp"), previewPart(preview)]);
    const key = newKey();
    const answer = await shop().upload(body(), { key });
    expect(answer.status).toBe(201);
    const photo = await json<PhotoUpload>(answer);
    const hash = sha256(variants[2] as Buffer);
    expect(photo.src).toBe(`/images/${hash}-1000.webp`);
    expect(photo.preview).toEqual({ src: `/images/${hash}-1200x630.jpg`, width: 1200, height: 630 });

    const file = await shop().fetch(`/images/${hash}-1200x630.jpg`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(preview)).toBe(true);
    expect(file.headers.get("Content-Type")).toBe("image/jpeg");
    expect(file.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(file.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(file.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");

    const ofPhoto = async () => (await shop().storedNames()).filter((name) => name.startsWith(hash)).sort();
    const files = [`${hash}-1000.webp`, `${hash}-1200x630.jpg`, `${hash}-480.webp`, `${hash}-960.webp`];
    expect(await ofPhoto()).toEqual(files);
    // Replayed with its key, and sent anew under another: the same answer, the same four files.
    const replay = await shop().upload(body(), { key });
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await json<PhotoUpload>(replay)).toEqual(photo);
    const again = await shop().upload(body(), { key: newKey() });
    expect(await json<PhotoUpload>(again)).toEqual(photo);
    expect(await ofPhoto()).toEqual(files);
    // The same variants without the preview are another request for the key.
    await expectRefused(
      await shop().upload(multipart(variantParts(variants, "webp")), { key }),
      422,
      "idempotency_key_reused",
    );
  });

  it("refuses a preview of another size, a PNG, a WebP, a polyglot, one with EXIF, or two, storing nothing", async () => {
    const variants = await photoVariants(800, 600, "jpg");
    const hash = sha256(variants[1] as Buffer);
    const script = Buffer.from("<html><script>alert(document.cookie)</script></html>");
    const sent = async (...previews: Uint8Array[]) =>
      shop().upload(multipart([...variantParts(variants, "jpg"), ...previews.map(previewPart)]), {
        key: newKey(),
      });
    const wrongSize = await expectRefused(await sent(await encodePreview(1200, 631)), 400, "photo_preview");
    expect(wrongSize.detail).toBe(
      "The preview is 1200 × 631 px; it must be one JPEG of exactly 1200 × 630 px, at most 2 MB, without metadata.",
    );
    const png = await expectRefused(await sent(await encodePreview(1200, 630, "png")), 400, "photo_preview");
    expect(png.detail).toMatch(/^The preview is not a JPEG image;/);
    await expectRefused(await sent(await encodePreview(1200, 630, "webp")), 400, "photo_preview");
    const polyglot = Buffer.concat([await encodePreview(), script]);
    const malformed = await expectRefused(await sent(polyglot), 400, "photo_preview");
    expect(malformed.detail).toMatch(/^The preview is not a well-formed JPEG file/);
    const withGps = await encodePhoto(1200, 630, "jpg", { exif: true });
    await expectRefused(await sent(withGps), 400, "photo_preview");
    const two = await expectRefused(await sent(await encodePreview(), await encodePreview()), 400, "photo_preview");
    expect(two.detail).toMatch(/^The preview was sent more than once;/);
    const padded = Buffer.concat([await encodePreview(), Buffer.alloc(2 * 1024 * 1024)]);
    await expectRefused(await sent(padded), 400, "photo_preview");
    expect((await shop().storedNames()).filter((name) => name.startsWith(hash))).toEqual([]);
  });

  it("is the link preview of a product whose main image is the photo, in English and in Turkish", async () => {
    const variants = await photoVariants(1600, 1200, "jpg");
    const answer = await shop().upload(
      multipart([...variantParts(variants, "jpg"), previewPart(await encodePreview())]),
    );
    const photo = await json<PhotoUpload>(answer);
    const pages = await shop().productPages([photo.src, "/images/products/ihlamur.svg"]);
    for (const html of [pages.en, pages.tr]) {
      const head = readShareImage(html);
      expect(new URL(head.image ?? "").pathname).toBe(photo.preview?.src);
      expect(head).toMatchObject({ type: "image/jpeg", width: "1200", height: "630" });
      expect(head.twitter).toBe(head.image);
    }
  });

  it("leaves the link preview as it was for a photo stored without one, and for any other image", async () => {
    const variants = await photoVariants(1600, 1200, "webp");
    const photo = await json<PhotoUpload>(await shop().upload(multipart(variantParts(variants, "webp"))));
    const pages = await shop().productPages([photo.src]);
    for (const html of [pages.en, pages.tr]) {
      const head = readShareImage(html);
      // ADR 0019's rule 2: the raster image itself, its size unknown.
      expect(new URL(head.image ?? "").pathname).toBe(photo.src);
      expect(head).toMatchObject({ type: "image/webp", width: null, height: null });
      expect(head.twitter).toBe(head.image);
    }
    const typed = await shop().productPages(["https://cdn.example/sabun.jpg"]);
    expect(readShareImage(typed.en).image).toBe("https://cdn.example/sabun.jpg");
  });
}

/** A page's og:image, its type and size, and twitter:image. */
function readShareImage(html: string) {
  const meta = (attribute: string, name: string) =>
    new RegExp(`<meta ${attribute}="${name}" content="([^"]*)" />`).exec(html)?.[1] ?? null;
  return {
    image: meta("property", "og:image"),
    type: meta("property", "og:image:type"),
    width: meta("property", "og:image:width"),
    height: meta("property", "og:image:height"),
    twitter: meta("name", "twitter:image"),
  };
}
