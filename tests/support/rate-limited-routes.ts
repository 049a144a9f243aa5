/**
 * Each per-address limit's route, as the client-address tests on Node and under workerd ask them.
 * A malformed body is counted too: the limit comes first.
 */
export const limitedRoutes = [
  ["sign-up", "/api/auth/signup"],
  ["sign-in", "/api/auth/token?grant_type=password"],
  ["the admin's sign-in", "/api/admin/login"],
  ["recover", "/api/auth/recover"],
  ["confirm", "/api/auth/verify"],
  ["resend", "/api/auth/verify/resend"],
] as const;
