/**
 * What a photo's first bytes say (issue 41): its format, its stored pixel size, its EXIF orientation
 * and which metadata it carries, read without decoding the image. The photo worker sizes its
 * decodes from this (a 48-megapixel photo is never decoded at full size), and the tests read the
 * variants' bytes with it to show that no EXIF or GPS is left.
 */

export type PhotoFormat = "jpeg" | "png" | "webp" | "gif" | "heic" | "avif" | "unknown";

/** Metadata a file can carry: EXIF (and its GPS block), XMP, IPTC, an ICC profile, a comment. */
export type PhotoMetadata = "exif" | "gps" | "xmp" | "iptc" | "icc" | "comment";

export interface PhotoHeader {
  format: PhotoFormat;
  /** The stored pixel size, before the orientation turns it; undefined when the header has none. */
  width?: number;
  height?: number;
  /** EXIF orientation, 1 (upright) to 8; 1 when the file says nothing. */
  orientation: number;
  metadata: PhotoMetadata[];
}

/** How many bytes of a file the reader needs: JPEG's EXIF block is at most 64 kB, before the frame header. */
export const photoHeaderBytes = 256 * 1024;

export function readPhotoHeader(bytes: Uint8Array): PhotoHeader {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (at: number, length: number) =>
    at + length <= bytes.length ? String.fromCharCode(...bytes.subarray(at, at + length)) : "";
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return readJpeg(bytes, view, ascii);
  if (ascii(0, 8) === "\x89PNG\r\n\x1a\n") return readPng(bytes, view, ascii);
  if (ascii(0, 4) === "RIFF" && ascii(8, 4) === "WEBP") return readWebp(bytes, view, ascii);
  if (ascii(0, 4) === "GIF8" && bytes.length >= 10) {
    return {
      format: "gif",
      width: view.getUint16(6, true),
      height: view.getUint16(8, true),
      orientation: 1,
      metadata: [],
    };
  }
  if (ascii(4, 4) === "ftyp") {
    const brand = ascii(8, 4);
    const format = brand.startsWith("avi") ? "avif" : /^(hei|hev|mif1|msf1)/.test(brand) ? "heic" : "unknown";
    return { format, orientation: 1, metadata: [] };
  }
  return { format: "unknown", orientation: 1, metadata: [] };
}

/** The size the photo shows at once its orientation is applied: 5 to 8 turn it a quarter. */
export function uprightSize(header: { width: number; height: number; orientation: number }): {
  width: number;
  height: number;
} {
  return header.orientation >= 5
    ? { width: header.height, height: header.width }
    : { width: header.width, height: header.height };
}

type Ascii = (at: number, length: number) => string;

function readJpeg(bytes: Uint8Array, view: DataView, ascii: Ascii): PhotoHeader {
  const header: PhotoHeader = { format: "jpeg", orientation: 1, metadata: [] };
  const found = new Set<PhotoMetadata>();
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) break;
    const marker = bytes[at + 1] as number;
    // Fill bytes and the markers that carry no length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) break; // end of image, or the compressed data begins
    const length = view.getUint16(at + 2);
    const body = at + 4;
    if (marker === 0xe1 && ascii(body, 6) === "Exif\0\0") {
      found.add("exif");
      const exif = readExif(view, body + 6, Math.min(at + 2 + length, bytes.length));
      header.orientation = exif.orientation;
      if (exif.gps) found.add("gps");
    } else if (marker === 0xe1 && ascii(body, 4) === "http") {
      found.add("xmp");
    } else if (marker === 0xed) {
      found.add("iptc");
    } else if (marker === 0xe2 && ascii(body, 11) === "ICC_PROFILE") {
      found.add("icc");
    } else if (marker === 0xfe) {
      found.add("comment");
    } else if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      // A start of frame: precision, then height and width.
      if (body + 5 <= bytes.length && header.width === undefined) {
        header.height = view.getUint16(body + 1);
        header.width = view.getUint16(body + 3);
      }
    }
    at += 2 + length;
  }
  header.metadata = [...found];
  return header;
}

/** The orientation (tag 0x0112) and whether a GPS block (tag 0x8825) is named, in IFD0 of a TIFF header. */
function readExif(view: DataView, tiff: number, end: number): { orientation: number; gps: boolean } {
  const result = { orientation: 1, gps: false };
  if (tiff + 8 > end) return result;
  const little = view.getUint16(tiff) === 0x4949;
  const u16 = (at: number) => view.getUint16(at, little);
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd + 2 > end) return result;
  const count = u16(ifd);
  for (let i = 0; i < count; i += 1) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) break;
    const tag = u16(entry);
    if (tag === 0x0112) {
      const value = u16(entry + 8);
      if (value >= 1 && value <= 8) result.orientation = value;
    } else if (tag === 0x8825) {
      result.gps = true;
    }
  }
  return result;
}

function readPng(bytes: Uint8Array, view: DataView, ascii: Ascii): PhotoHeader {
  const header: PhotoHeader = { format: "png", orientation: 1, metadata: [] };
  const found = new Set<PhotoMetadata>();
  let at = 8;
  while (at + 8 <= bytes.length) {
    const length = view.getUint32(at);
    const type = ascii(at + 4, 4);
    if (type === "IHDR" && at + 16 <= bytes.length) {
      header.width = view.getUint32(at + 8);
      header.height = view.getUint32(at + 12);
    } else if (type === "eXIf") {
      found.add("exif");
      const exif = readExif(view, at + 8, Math.min(at + 8 + length, bytes.length));
      header.orientation = exif.orientation;
      if (exif.gps) found.add("gps");
    } else if (type === "iCCP") {
      found.add("icc");
    } else if (type === "tEXt" || type === "iTXt" || type === "zTXt") {
      found.add(ascii(at + 8, 17) === "XML:com.adobe.xmp" ? "xmp" : "comment");
    } else if (type === "IDAT" || type === "IEND") {
      break;
    }
    at += 12 + length;
  }
  header.metadata = [...found];
  return header;
}

function readWebp(bytes: Uint8Array, view: DataView, ascii: Ascii): PhotoHeader {
  const header: PhotoHeader = { format: "webp", orientation: 1, metadata: [] };
  const found = new Set<PhotoMetadata>();
  const u24 = (at: number) =>
    (bytes[at] as number) | ((bytes[at + 1] as number) << 8) | ((bytes[at + 2] as number) << 16);
  let at = 12;
  // Every chunk is read, to the end of what was given: metadata chunks follow the image data.
  while (at + 8 <= bytes.length) {
    const type = ascii(at, 4);
    const length = view.getUint32(at + 4, true);
    const body = at + 8;
    if (type === "VP8X" && body + 10 <= bytes.length) {
      header.width = u24(body + 4) + 1;
      header.height = u24(body + 7) + 1;
    } else if (type === "VP8 " && body + 10 <= bytes.length && header.width === undefined) {
      header.width = view.getUint16(body + 6, true) & 0x3fff;
      header.height = view.getUint16(body + 8, true) & 0x3fff;
    } else if (type === "VP8L" && body + 5 <= bytes.length && header.width === undefined) {
      const bits = view.getUint32(body + 1, true);
      header.width = (bits & 0x3fff) + 1;
      header.height = ((bits >> 14) & 0x3fff) + 1;
    } else if (type === "EXIF") {
      found.add("exif");
      const tiff = ascii(body, 6) === "Exif\0\0" ? body + 6 : body;
      const exif = readExif(view, tiff, Math.min(body + length, bytes.length));
      header.orientation = exif.orientation;
      if (exif.gps) found.add("gps");
    } else if (type === "XMP ") {
      found.add("xmp");
    } else if (type === "ICCP") {
      found.add("icc");
    }
    at = body + length + (length % 2);
  }
  header.metadata = [...found];
  return header;
}
