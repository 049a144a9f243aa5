/**
 * A POST marked as JSON whose body goes exactly as written: for what JSON.stringify never writes
 * (malformed JSON) and for a body built to a size (one over the limit). The same on both runtimes:
 * `app.request(path, rawJsonPost(body))` in-process, `dispatchFetch(url, rawJsonPost(body))` in workerd.
 */
export const rawJsonPost = (body: string) => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body,
});
