import { createServer } from 'node:http';

/** The baseline: a bare Node HTTP server answering the same 302 the product answers. */
const location = process.env['LOCATION'] ?? 'https://example.com/';
const server = createServer((_request, response) => {
  response.writeHead(302, { location, 'cache-control': 'no-store' });
  response.end();
});
server.listen(Number(process.env['PORT']), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
