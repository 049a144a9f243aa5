import { describe, expect, it } from "vitest";
import { cardPicture } from "./card-picture.ts";

const hash = "a".repeat(64);
const stored = `/images/${hash}-1600.webp`;

describe("the picture a product card loads", () => {
  it("is the stored photo's variant that covers the card's pixels", () => {
    // A 390 px phone at 2×: one column of 780 px.
    expect(cardPicture(stored, 390, 2)).toBe(`/images/${hash}-960.webp`);
    // The same phone at 1×, and a tablet's two columns of 384 px at 1×.
    expect(cardPicture(stored, 390, 1)).toBe(`/images/${hash}-480.webp`);
    expect(cardPicture(stored, 768, 1)).toBe(`/images/${hash}-480.webp`);
    // A laptop's three columns of 422 px at 2×: 845 px.
    expect(cardPicture(stored, 1280, 2)).toBe(`/images/${hash}-960.webp`);
    // Wider than any variant: the largest.
    expect(cardPicture(stored, 430, 3)).toBe(stored);
  });

  it("is the largest of a photo smaller than the card, and any other picture as it is", () => {
    expect(cardPicture(`/images/${hash}-700.jpg`, 390, 2)).toBe(`/images/${hash}-700.jpg`);
    expect(cardPicture("https://pictures.example/lavanta.jpg", 390, 2)).toBe("https://pictures.example/lavanta.jpg");
    expect(cardPicture("/images/placeholder.svg", 390, 2)).toBe("/images/placeholder.svg");
  });
});
