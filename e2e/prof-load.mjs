import autocannon from 'autocannon';
import { signInCookie } from '/work/main/e2e/bench/lib/sign-in.mjs';
const url = 'http://127.0.0.1:4777';
const cookie = await signInCookie(url);
const path = process.argv[2] ?? '/api/user/profile';
const r = await autocannon({ url: url + path, connections: 20, duration: 5, headers: { cookie, 'accept-encoding': 'gzip, br' } });
console.log(path, Math.round(r.requests.average), 'req/s p99', r.latency.p99);
