/** Signs in over HTTP as a demo person and answers the Cookie header value the benchmarks send. */
export async function signInCookie(url, email = 'admin@demo.test', password = 'negayno-demo') {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login of ${email} failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}
