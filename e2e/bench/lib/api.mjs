/** The benchmarks' calls of the API: the envelope's data, or an error that names the call and the answer. */

/** Through a Playwright request context (a browser context's cookies): `url` is the path from the origin. */
export async function contextApi(request, method, url, data) {
  const response = await request[method](url, data === undefined ? {} : { data });
  if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  return (await response.json()).data;
}

/** Through fetch with a Cookie header (signInCookie): `path` is below /api. */
export async function cookieApi(url, cookie, method, path, body) {
  const response = await fetch(`${url}/api${path}`, {
    method,
    headers: body === undefined ? { cookie } : { cookie, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = await response.json();
  if (envelope.status !== 'ok') throw new Error(`${method} ${path}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}
