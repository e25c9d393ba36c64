// A static server for build/web/ on 127.0.0.1 only: make web-serve, and
// the page's tests.  usage: node web/serve.js FOLDER [PORT] (0: any free
// port); prints the address it serves.
'use strict';
const http = require('http');
const fs = require('fs');
const path = require('path');

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.png': 'image/png' };

function serve(folder, port, onListening) {
  const root = path.resolve(folder);
  const server = http.createServer((request, response) => {
    const wanted = decodeURIComponent(new URL(request.url, 'http://127.0.0.1').pathname);
    const file = path.join(root, wanted.endsWith('/') ? `${wanted}index.html` : wanted);
    if (!file.startsWith(root + path.sep) || request.method !== 'GET') {
      response.writeHead(404).end();
      return;
    }
    fs.readFile(file, (error, body) => {
      if (error) {
        response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
        return;
      }
      response.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream' }).end(body);
    });
  });
  server.listen(port, '127.0.0.1', () => onListening(server));
  return server;
}

module.exports = { serve };

if (require.main === module) {
  const [folder, port = '8022'] = process.argv.slice(2);
  if (!folder) {
    console.error('usage: node web/serve.js FOLDER [PORT]');
    process.exit(2);
  }
  serve(folder, Number(port), (server) => {
    console.log(`serving ${folder} at http://127.0.0.1:${server.address().port}/ (Ctrl-C to stop)`);
  });
}
