import { describe, expect, it } from "vitest";
import { clientKey } from "./client-key.ts";

// Issue 37: one client, one key, however its address is spelled; a host's /64 is one client.

describe("clientKey", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("198.51.100.255")).toBe("198.51.100.255");
    expect(clientKey("203.0.113.8")).not.toBe(clientKey("203.0.113.7"));
  });

  it("counts an IPv4-mapped IPv6 address as the IPv4 address, in any spelling", () => {
    for (const spelling of [
      "::ffff:203.0.113.7",
      "::FFFF:203.0.113.7",
      "::ffff:cb00:7107",
      "0:0:0:0:0:ffff:cb00:7107",
    ]) {
      expect(clientKey(spelling)).toBe("203.0.113.7");
    }
  });

  it("counts an IPv6 address as its /64, one spelling for every spelling", () => {
    const spellings = [
      "2001:db8:1:2::1",
      "2001:0db8:0001:0002:0000:0000:0000:0001",
      "2001:DB8:1:2::ABCD",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:db8:1:2:0:0:0:0",
      "2001:db8:1:2::",
      "2001:db8:1:2::9%eth0", // a zone id
      "2001:db8:1:2::7%25en0",
    ];
    for (const spelling of spellings) expect(clientKey(spelling)).toBe("2001:db8:1:2::/64");
  });

  it("tells different /64s apart, down to the last bit of the prefix", () => {
    expect(clientKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientKey("2001:db8:1:2::1")).not.toBe(clientKey("2001:db8:1:3::1"));
    expect(clientKey("2001:db8:0:1::1")).toBe("2001:db8:0:1::/64");
    expect(clientKey("2001:db9:1:2::1")).toBe("2001:db9:1:2::/64");
  });

  it("writes the /64 as RFC 5952 does: lower case, the longest run of zeros compressed", () => {
    expect(clientKey("2001:DB8:0:0:1:2:3:4")).toBe("2001:db8::/64");
    expect(clientKey("::1")).toBe("::/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80::/64");
    expect(clientKey("2a00:1450:4017:80d::200e")).toBe("2a00:1450:4017:80d::/64");
    // Of two runs of zeros, the longer one is compressed.
    expect(clientKey("1:0:0:1::")).toBe("1:0:0:1::/64");
    expect(clientKey("2001:0:0:0:1::")).toBe("2001::/64");
  });

  it("keeps what is no address as it is", () => {
    for (const odd of ["unknown", "", "[2001:db8::1]", "2001:db8::1::2", "not an address"]) {
      expect(clientKey(odd)).toBe(odd);
    }
  });
});
