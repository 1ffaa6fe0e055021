import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** One generated picture: SVG text drawn as a JPEG of this quality (mozjpeg) at `file`. */
export interface JpegJob {
  svg: string;
  file: string;
  quality: number;
}

// Built: the compiled .js beside this file; under the tests (sources): the .ts, which Node runs as is.
const CHILD = fileURLToPath(
  new URL(import.meta.url.endsWith('.ts') ? './draw-jpegs-child.ts' : './draw-jpegs-child.js', import.meta.url),
);

/**
 * Draws the pictures in a short-lived child process, not in the server's (issue 20, docs/performance.md
 * "A thousand sites and memory"): rendering SVG with librsvg and encoding with mozjpeg runs on
 * libuv's and libvips's threads, and the memory glibc gave those threads stayed with the server
 * afterwards, fragmented (about 130 MB of a freshly seeded server's 375 MB resident). A child hands
 * it all back when it exits; the cost is one Node start (a fraction of a second) when pictures are
 * missing, which is on a site's creation only.
 */
export async function drawJpegsApart(jobs: readonly JpegJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD], { stdio: ['pipe', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      if (errors.length < 4000) errors += text;
    });
    // A child that dies early closes its stdin; the exit below says why.
    child.stdin.on('error', () => {});
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`Drawing ${jobs.length} pictures failed (exit ${code ?? signal}): ${errors.trim()}`));
    });
    child.stdin.end(JSON.stringify(jobs));
  });
}
