// The baseline: a bare node:http hello-world, measured in the same run as the app (bench/run.mjs).
import http from 'node:http';

const body = JSON.stringify({ hello: 'world' });
http
  .createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  })
  .listen(Number(process.argv[2]), '127.0.0.1');
