import { describe, expect, it } from "vitest";
import { describeAge } from "./offline-indicator.tsx";

describe("how fresh the device's catalogue is, in words", () => {
  const now = Date.parse("2026-11-23T12:00:00Z");
  const ago = (minutes: number) => now - minutes * 60_000;

  it.each([
    [0, "just now"],
    [0.4, "just now"],
    [1, "1 minute ago"],
    [5, "5 minutes ago"],
    [59, "59 minutes ago"],
    [60, "1 hour ago"],
    [3 * 60, "3 hours ago"],
    [24 * 60, "yesterday"],
    [4 * 24 * 60, "4 days ago"],
  ])("%d minutes old reads %j", (minutes, words) => {
    expect(describeAge(ago(minutes), now)).toBe(words);
  });

  it("a time ahead of the device's clock reads as just now, not as the future", () => {
    expect(describeAge(now + 10 * 60_000, now)).toBe("just now");
  });
});
