// The baseline: a raw node:http server in its own process answering fixed bytes.
//   node baseline.mjs <port> <headers JSON> <base64 body>   (no body → "hello world")
// The same bytes: the body and the response headers the real server sent (security headers too).
import http from 'node:http';

const [port, headersJson = '{}', b64] = process.argv.slice(2);
const body = b64 ? Buffer.from(b64, 'base64') : Buffer.from('hello world');
const headers = { 'content-type': 'text/plain', ...JSON.parse(headersJson) };
http
  .createServer((req, res) => {
    req.resume();
    res.writeHead(200, { ...headers, 'content-length': body.length });
    res.end(body);
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
