// Issue 28's reminders bench (bench/reminders-scenario.mjs): a push service on loopback, in a process
// of its own, that counts what the app's `web-push` sends. HTTPS because web-push only speaks HTTPS:
// a self-signed certificate for 127.0.0.1 made by `openssl` (as apps/server/test/push-service-stand-in.ts
// makes its own), which the app trusts through NODE_EXTRA_CA_CERTS (Node's own switch: nothing in the
// app changes). It does NOT decrypt: it checks that each request is a web push as RFC 8030/8291/8292
// shape it (POST, `content-encoding: aes128gcm`, a `vapid` authorization, a TTL, a body longer than the
// aes128gcm header) and answers 201; the API tests already decrypt the real payload with the
// subscription's keys. Decrypting 10,000 here would put the stand-in's CPU on the app's 2 cores.
//
//   node bench/push-stand-in.mjs <cert.pem> <key.pem>     (a child with IPC: reports {port} when up)
// Messages: {type:'stats', prefix} → {type:'stats', …} (per endpoint path under /push/<prefix>: how
// many received, how many received twice or more, first and last receipt, malformed requests).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';

const [certFile, keyFile] = process.argv.slice(2);
/** endpoint id → receipts; receipt times (Date.now()) per id prefix. */
const seen = new Map();
const times = new Map();
let malformed = 0;

const server = createServer(
  { cert: readFileSync(certFile), key: readFileSync(keyFile), keepAlive: true },
  (req, res) => {
    let bytes = 0;
    req.on('data', (c) => (bytes += c.length));
    req.on('end', () => {
      const at = Date.now();
      const id = (req.url ?? '').replace(/^\/push\//, '');
      const ok =
        req.method === 'POST' &&
        req.headers['content-encoding'] === 'aes128gcm' &&
        /^vapid t=[^,]+, k=/.test(String(req.headers.authorization ?? '')) &&
        Number(req.headers.ttl) > 0 &&
        bytes > 86; // salt 16 + record size 4 + key length 1 + key 65, then the ciphertext
      if (!ok) {
        malformed += 1;
        return void res.writeHead(400).end();
      }
      seen.set(id, (seen.get(id) ?? 0) + 1);
      const prefix = id.split('-')[0];
      const t = times.get(prefix) ?? { first: at, last: at };
      t.last = at;
      times.set(prefix, t);
      res.writeHead(201).end();
    });
  },
);

process.on('message', (m) => {
  if (m?.type !== 'stats') return;
  let ids = 0;
  let received = 0;
  let twice = 0;
  for (const [id, n] of seen) {
    if (!id.startsWith(`${m.prefix}-`)) continue;
    ids += 1;
    received += n;
    if (n > 1) twice += 1;
  }
  const t = times.get(m.prefix);
  process.send({ type: 'stats', ids, received, twice, first: t?.first, last: t?.last, malformed });
});
process.on('disconnect', () => process.exit(0));
server.listen(0, '127.0.0.1', () => process.send({ type: 'up', port: server.address().port }));
