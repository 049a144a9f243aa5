import type { SessionUser } from "../../worker/contract/auth.ts";

/** A member as a session names them (docs/product.md §3), for tests of the page's session. */
export const sessionMember = (fields: Partial<SessionUser> = {}): SessionUser => ({
  id: "u1",
  email: "ayse@example.com",
  role: "member",
  first_name: "Ayşe",
  last_name: "Yılmaz",
  is_verified: true,
  created_at: "2026-01-01T00:00:00.000Z",
  ...fields,
});
