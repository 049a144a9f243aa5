import type { PhotoExtension } from "../contract/photos.ts";

/**
 * What one uploaded file is, read from its bytes alone (ADR 0089): never from its name or the
 * type the client claims. The whole file is walked, segment by segment or chunk by chunk, so a
 * file is accepted only when it is one image and nothing else: no bytes after JPEG's end marker
 * or beyond WebP's RIFF size (a polyglot: an image that is also HTML or a script), and none of
 * the segments or chunks that carry metadata (EXIF, XMP, IPTC, comments), which the device
 * strips. A photo carries the GPS position of where it was taken; refusing is safer than
 * storing it.
 */
export type PhotoBytes = { extension: PhotoExtension; width: number; height: number };

/** Why a file was refused. */
export type PhotoProblem = "not_an_image" | "malformed" | "metadata";

export type ReadPhoto = { ok: true; photo: PhotoBytes } | { ok: false; problem: PhotoProblem };

export function readPhoto(bytes: Uint8Array): ReadPhoto {
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return readJpeg(bytes);
    if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return readWebp(bytes);
    return refused("not_an_image");
  } catch (error) {
    // Reading past the end: a length that points outside the file.
    if (error instanceof RangeError) return refused("malformed");
    throw error;
  }
}

const refused = (problem: PhotoProblem): ReadPhoto => ({ ok: false, problem });

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

/** The byte at `at`; a RangeError past the end, so every read is bounds-checked. */
function byte(bytes: Uint8Array, at: number): number {
  const value = bytes[at];
  if (value === undefined) throw new RangeError("past the end");
  return value;
}

const u16be = (bytes: Uint8Array, at: number) => (byte(bytes, at) << 8) | byte(bytes, at + 1);
const u16le = (bytes: Uint8Array, at: number) => byte(bytes, at) | (byte(bytes, at + 1) << 8);
const u24le = (bytes: Uint8Array, at: number) => u16le(bytes, at) | (byte(bytes, at + 2) << 16);
const u32le = (bytes: Uint8Array, at: number) => (u24le(bytes, at) + byte(bytes, at + 3) * 2 ** 24) >>> 0;

// JPEG markers (ITU T.81, B.1.1.3; JFIF; Exif 2.3 §4.5.4).
const SOS = 0xda;
const EOI = 0xd9;
/** APP0 (JFIF), APP2 (ICC colour profile) and APP14 (Adobe colour transform): how to show the pixels, nothing about the photo. */
const allowedAppSegments = new Set([0xe0, 0xe2, 0xee]);
/** Start-of-frame markers, which hold the dimensions: every SOFn but DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
/** Segments a decoder needs, besides the frame and the scans: tables, restart interval, number of lines. */
const tableSegments = new Set([0xc4, 0xcc, 0xdb, 0xdd, 0xdc]);

function readJpeg(bytes: Uint8Array): ReadPhoto {
  let at = 2;
  let size: { width: number; height: number } | undefined;
  let scanned = false;
  for (;;) {
    if (byte(bytes, at) !== 0xff) return refused("malformed");
    // Fill bytes (0xFF repeated) may precede a marker.
    while (byte(bytes, at + 1) === 0xff) at++;
    const marker = byte(bytes, at + 1);
    at += 2;
    if (marker === EOI) {
      // One image and nothing after it: trailing bytes are where a polyglot keeps its HTML.
      return at === bytes.length && size && scanned
        ? { ok: true, photo: { extension: "jpg", ...size } }
        : refused("malformed");
    }
    const length = u16be(bytes, at);
    if (length < 2 || at + length > bytes.length) return refused("malformed");
    const segment = bytes.subarray(at + 2, at + length);
    if (marker >= 0xe0 && marker <= 0xef) {
      if (!allowedAppSegments.has(marker)) return refused("metadata");
    } else if (marker === 0xfe) {
      return refused("metadata"); // COM: free text
    } else if (isStartOfFrame(marker)) {
      if (size) return refused("malformed"); // one frame: a second image is not a photo
      const height = u16be(segment, 1);
      const width = u16be(segment, 3);
      if (width === 0 || height === 0) return refused("malformed");
      size = { width, height };
    } else if (marker === SOS) {
      if (!size) return refused("malformed");
      scanned = true;
      at = endOfScan(bytes, at + length);
      continue;
    } else if (!tableSegments.has(marker)) {
      return refused("malformed");
    }
    at += length;
  }
}

/** Where the entropy-coded data after a scan header ends: at the first marker that is not a stuffed zero or a restart. */
function endOfScan(bytes: Uint8Array, from: number): number {
  for (let at = from; ; at++) {
    if (byte(bytes, at) !== 0xff) continue;
    const next = byte(bytes, at + 1);
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
      at++;
      continue;
    }
    if (next === 0xff) continue; // fill byte before a marker
    return at;
  }
}

/**
 * WebP (RFC 9649): the RIFF size names the file's length exactly, and the chunks tile it. A
 * still image only: VP8 (lossy) or VP8L (lossless), with VP8X, ALPH and ICCP around it; EXIF and
 * XMP chunks are metadata, and any other chunk (animation, unknown) is refused.
 */
function readWebp(bytes: Uint8Array): ReadPhoto {
  if (u32le(bytes, 4) + 8 !== bytes.length) return refused("malformed");
  let at = 12;
  let canvas: { width: number; height: number } | undefined;
  let image: { width: number; height: number } | undefined;
  const seen = new Set<string>();
  while (at < bytes.length) {
    const fourCc = ascii(bytes, at, 4);
    const length = u32le(bytes, at + 4);
    const data = at + 8;
    // Chunks are padded to an even length.
    const end = data + length + (length % 2);
    if (end > bytes.length || seen.has(fourCc)) return refused("malformed");
    seen.add(fourCc);
    const chunk = bytes.subarray(data, data + length);
    if (fourCc === "EXIF" || fourCc === "XMP ") return refused("metadata");
    if (fourCc === "VP8X") {
      if (at !== 12 || length < 10) return refused("malformed");
      const flags = byte(chunk, 0);
      if (flags & 0b10) return refused("malformed"); // animation
      canvas = { width: u24le(chunk, 4) + 1, height: u24le(chunk, 7) + 1 };
    } else if (fourCc === "VP8 " || fourCc === "VP8L") {
      if (image) return refused("malformed");
      image = fourCc === "VP8 " ? vp8Size(chunk) : vp8lSize(chunk);
      if (!image) return refused("malformed");
    } else if (fourCc !== "ALPH" && fourCc !== "ICCP") {
      return refused("malformed");
    }
    at = end;
  }
  if (at !== bytes.length || !image) return refused("malformed");
  if (canvas && (canvas.width !== image.width || canvas.height !== image.height)) return refused("malformed");
  return { ok: true, photo: { extension: "webp", ...image } };
}

/** A lossy key frame's size (RFC 6386 §9.1): frame tag, start code, then 14-bit width and height. */
function vp8Size(chunk: Uint8Array): { width: number; height: number } | undefined {
  const tag = u24le(chunk, 0);
  const keyFrame = (tag & 1) === 0;
  const firstPartition = tag >>> 5;
  if (!keyFrame || 10 + firstPartition > chunk.length) return undefined;
  if (byte(chunk, 3) !== 0x9d || byte(chunk, 4) !== 0x01 || byte(chunk, 5) !== 0x2a) return undefined;
  const width = u16le(chunk, 6) & 0x3fff;
  const height = u16le(chunk, 8) & 0x3fff;
  return width > 0 && height > 0 ? { width, height } : undefined;
}

/** A lossless image's size (the WebP lossless bitstream, §3): signature 0x2F, then 14 bits each of width-1 and height-1. */
function vp8lSize(chunk: Uint8Array): { width: number; height: number } | undefined {
  if (byte(chunk, 0) !== 0x2f) return undefined;
  const bits = u32le(chunk, 1);
  if (bits >>> 29 !== 0) return undefined; // version 0 only
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
}
