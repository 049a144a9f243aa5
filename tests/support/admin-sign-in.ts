/** What answers a request as the app does: a test app's `app.request`, or `fetch` to a server. */
type Requester = { request(path: string, init?: RequestInit): Response | Promise<Response> };

/**
 * Signs the administrator in (POST /api/admin/login) and answers the access token. A refused
 * sign-in throws here, so a test never goes on with "Bearer undefined" and fails far from why.
 */
export async function signInAdmin(app: Requester, admin: { email: string; password: string }): Promise<string> {
  const answer = await app.request("/api/admin/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  if (answer.status !== 200) throw new Error(`admin sign-in answered ${answer.status}: ${await answer.text()}`);
  return ((await answer.json()) as { access_token: string }).access_token;
}
