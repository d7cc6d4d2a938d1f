import { createServer } from 'node:http';

/** The baseline: node:http answering a fixed JSON body (the settings payload) with no framework. */
const port = Number(process.env.PORT ?? 3401);
const body = process.env.BODY ?? '{}';
createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}).listen(port, '127.0.0.1');
