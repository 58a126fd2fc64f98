// A WebSocket through TLS, by hand (Node alone, no packages), for the nginx
// test: node wsclient.js URL ORIGIN MESSAGE. It sends the upgrade with that
// Origin, then MESSAGE as one masked text frame, and prints the status
// line ("101" or the refusal's status) and the first text frame the
// server sends back; exit 0 if one came, 1 if not. The certificate isn't
// checked (the test's own, self-signed).
'use strict';
const crypto = require('crypto');
const tls = require('tls');

const [, , target, origin, message] = process.argv;
const url = new URL(target);
const key = crypto.randomBytes(16).toString('base64');
const socket = tls.connect({ host: url.hostname, port: Number(url.port), servername: undefined, rejectUnauthorized: false }, () => {
  socket.write(`GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
    `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\nOrigin: ${origin}\r\n\r\n`);
});
let buffer = Buffer.alloc(0), upgraded = false;
const timer = setTimeout(() => { console.log('no answer in 10 s'); process.exit(1); }, 10000);

function frame(text) {
  const payload = Buffer.from(text), mask = crypto.randomBytes(4);
  const head = payload.length < 126 ? Buffer.from([0x81, 0x80 | payload.length])
    : Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 255]);
  const masked = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]));
  return Buffer.concat([head, mask, masked]);
}

socket.on('data', (chunk) => {
  buffer = Buffer.concat([buffer, chunk]);
  if (!upgraded) {
    const end = buffer.indexOf('\r\n\r\n');
    if (end < 0) return;
    const status = buffer.slice(0, end).toString().split('\r\n')[0].split(' ')[1];
    const accept = crypto.createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
    console.log(`status ${status}`);
    if (status !== '101' || !buffer.slice(0, end).toString().includes(accept)) {
      clearTimeout(timer);
      socket.destroy();
      process.exit(1);
    }
    upgraded = true;
    buffer = buffer.slice(end + 4);
    socket.write(frame(message));
  }
  // the first text frame (unmasked, from the server)
  if (buffer.length < 2) return;
  let length = buffer[1] & 127, at = 2;
  if (length === 126) { if (buffer.length < 4) return; length = buffer.readUInt16BE(2); at = 4; }
  else if (length === 127) { if (buffer.length < 10) return; length = Number(buffer.readBigUInt64BE(2)); at = 10; }
  if (buffer.length < at + length) return;
  console.log(`frame ${buffer.slice(at, at + length).toString().slice(0, 200)}`);
  clearTimeout(timer);
  socket.destroy();
  process.exit(0);
});
socket.on('error', (error) => { console.log(`error ${error.message}`); process.exit(1); });
