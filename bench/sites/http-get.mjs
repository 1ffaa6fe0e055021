import { request } from 'node:http';

/** GET `path` with this Host header (fetch sends the URL's own host whatever it is given). */
export function getWithHost(base, path, host, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { headers: { ...headers, host } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
