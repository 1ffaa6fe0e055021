// The child process `drawJpegsApart` (draw-jpegs.ts) starts: reads a JSON list of pictures from
// stdin, draws each SVG as a JPEG with sharp into a temporary file beside its target and renames it
// into place, then exits. Imports nothing of the server, so Node can also run it as TypeScript.
import { renameSync } from 'node:fs';
import sharp from 'sharp';

interface Job {
  svg: string;
  file: string;
  quality: number;
}

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const jobs = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Job[];
for (const job of jobs) {
  const tmp = `${job.file}.${process.pid}.tmp.jpg`;
  await sharp(Buffer.from(job.svg)).jpeg({ quality: job.quality, mozjpeg: true }).toFile(tmp);
  renameSync(tmp, job.file);
}
